! A model whose state arrays are allocated once by its set-up, before
! the routine differentiated runs: ALLOCATABLE TARGETs of a module that
! the run associates two module pointers with and steps by swapping them
! (the driver, fadj check's setup here, allocates them).
module heat_state
  implicit none
  integer, parameter :: n = 12
  real(8), allocatable, target :: ua(:), ub(:)
  real(8), pointer :: cur(:) => null(), nxt(:) => null()
contains
  ! The model's set-up (check.setup: fadj check calls it before the run).
  subroutine setup(u0, nu, nsteps, cost)
    real(8), intent(inout) :: u0(n), nu, cost
    integer, intent(in) :: nsteps
    if (.not. allocated(ua)) allocate (ua(n), ub(n))
  end subroutine setup

  subroutine step(nu)
    real(8), intent(in) :: nu
    real(8), pointer :: tmp(:)
    integer :: i
    nxt(1) = cur(1)
    nxt(n) = cur(n)
    do i = 2, n - 1
      nxt(i) = cur(i) + nu*(cur(i+1) - 2.0d0*cur(i) + cur(i-1)) - 0.01d0*cur(i)**2
    end do
    tmp => cur
    cur => nxt
    nxt => tmp
  end subroutine step

  subroutine run(u0, nu, nsteps, cost)
    real(8), intent(in) :: u0(n), nu
    integer, intent(in) :: nsteps
    real(8), intent(out) :: cost
    integer :: it
    ua = u0
    ub = 0.0d0
    cur => ua
    nxt => ub
    do it = 1, nsteps
      call step(nu)
    end do
    cost = sum(cur**2)
  end subroutine run
end module heat_state
