module ocn_types
  implicit none
  integer, parameter :: dp = kind(1.d0)
  type :: ocean_state
    real(dp), allocatable :: t(:,:)        ! (0:n+1, 2) two time levels
    real(dp), allocatable :: kappa(:)
    integer :: cur = 1
  end type ocean_state
end module ocn_types

module ocn_step
  use ocn_types
  implicit none
contains
  subroutine diffuse(os, n, dt)
    type(ocean_state), intent(inout), target :: os
    integer, intent(in) :: n
    real(dp), intent(in) :: dt
    real(dp), pointer :: tn(:), tp(:)
    integer :: i, nxt
    nxt = 3 - os%cur
    tn => os%t(:, os%cur)
    tp => os%t(:, nxt)
    ! pointers to sections start at 1: the halo cells are tn(1), tn(n+2)
    tn(1) = tn(n+1); tn(n+2) = tn(2)
    do i = 2, n + 1
      tp(i) = tn(i) + dt*os%kappa(i-1)*(tn(i+1) - 2.0_dp*tn(i) + tn(i-1)) - dt*0.1_dp*tn(i)**3
    end do
    os%cur = nxt
  end subroutine diffuse

  subroutine model(n, t0, k0, nt, dt, cost)
    integer, intent(in) :: n, nt
    real(dp), intent(in) :: t0(n), k0(n), dt
    real(dp), intent(out) :: cost
    type(ocean_state) :: os
    integer :: it
    allocate(os%t(0:n+1, 2), os%kappa(n))
    os%t = 0.0_dp
    os%t(1:n, 1) = t0
    os%kappa = k0
    os%cur = 1
    do it = 1, nt
      call diffuse(os, n, dt)
    end do
    cost = sum(os%t(1:n, os%cur)**2)
  end subroutine model
end module ocn_step
