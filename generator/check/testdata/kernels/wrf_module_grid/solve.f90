module module_domain_type
  implicit none
  integer, parameter :: rk = 8
  type domain
    integer :: id = 1
    real(rk), allocatable :: t_2(:,:,:), t_1(:,:,:), mu_2(:,:)
    real(rk), allocatable :: u_2(:,:,:), v_2(:,:,:), ph_2(:,:,:), p(:,:,:)
    real(rk) :: dt
    integer :: its, ite, jts, jte, kts, kte
  end type domain
  type(domain), target, save :: head_grid
end module module_domain_type

module module_solve
  use module_domain_type
  implicit none
contains
  subroutine rk_tendency(t, mu, tend, its, ite, kts, kte, jts, jte)
    integer, intent(in) :: its, ite, kts, kte, jts, jte
    real(rk), intent(in) :: t(its:, kts:, jts:), mu(its:, jts:)
    real(rk), intent(inout) :: tend(its:, kts:, jts:)
    integer :: i, j, k
    do j = jts, jte
      do k = kts, kte
        do i = its + 1, ite - 1
          tend(i,k,j) = tend(i,k,j) + 0.05_rk*(t(i+1,k,j) - 2*t(i,k,j) + t(i-1,k,j)) - 1.0e-4_rk*mu(i,j)*t(i,k,j)
        end do
      end do
    end do
  end subroutine rk_tendency

  subroutine solve_em(nsteps, t0, mu0, cost)
    integer, intent(in) :: nsteps
    real(rk), intent(in) :: t0(5,4,3), mu0(5,3)
    real(rk), intent(out) :: cost
    real(rk), pointer :: t(:,:,:)
    real(rk), allocatable :: tend(:,:,:)
    integer :: it
    head_grid%t_2 = t0
    head_grid%mu_2 = mu0
    allocate(tend(head_grid%its:head_grid%ite, head_grid%kts:head_grid%kte, head_grid%jts:head_grid%jte))
    t => head_grid%t_2(1:5, 1:4, 1:3)
    do it = 1, nsteps
      head_grid%t_1 = head_grid%t_2
      tend = 0.0_rk
      call rk_tendency(t, head_grid%mu_2, tend, head_grid%its, head_grid%ite, head_grid%kts, head_grid%kte, head_grid%jts, head_grid%jte)
      t = head_grid%t_1 + head_grid%dt*tend*(1.0_rk + 1.0e-3_rk*t)
    end do
    cost = sum(head_grid%t_2**2)*1.0e-3_rk
    deallocate(tend)
  end subroutine solve_em

  subroutine setup(nsteps, t0, mu0, cost)
    integer, intent(in) :: nsteps
    real(rk), intent(inout) :: t0(5,4,3), mu0(5,3)
    real(rk), intent(out) :: cost
    integer :: i, j, k
    head_grid%dt = 20.0_rk; head_grid%its = 1; head_grid%ite = 5; head_grid%jts = 1; head_grid%jte = 3; head_grid%kts = 1; head_grid%kte = 4
    if (allocated(head_grid%t_2)) deallocate(head_grid%t_2, head_grid%t_1, head_grid%mu_2)
    allocate(head_grid%t_2(5,4,3), head_grid%t_1(5,4,3), head_grid%mu_2(5,3))
    do j = 1, 3
      do k = 1, 4
        do i = 1, 5
          head_grid%t_2(i,k,j) = 280.0_rk + sin(1.0_rk*i + 2*j) + k
        end do
      end do
    end do
    head_grid%mu_2 = 50.0_rk
    t0 = head_grid%t_2
    mu0 = head_grid%mu_2
  end subroutine setup
end module module_solve
