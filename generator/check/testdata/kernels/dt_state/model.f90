! A modern F90 model: a module with a state type holding the fields and
! their parameters, a step routine taking type(state), intent(inout),
! and a driver that packs the control vector into the state.
module ocean
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer, parameter :: nx = 6
  type params
    real(dp) :: kappa, drag
    integer :: nsub
  end type
  type state
    real(dp) :: u(nx)
    real(dp) :: energy
    type(params) :: p
    integer :: nsteps
  end type
contains
  subroutine step(s, dt)
    type(state), intent(inout) :: s
    real(dp), intent(in) :: dt
    real(dp) :: flux(nx)
    integer :: i
    flux(1) = 0.0_dp
    do i = 2, nx
      flux(i) = s%p%kappa*(s%u(i) - s%u(i-1))
    end do
    do i = 1, nx - 1
      s%u(i) = s%u(i) + dt*(flux(i+1) - flux(i)) - dt*s%p%drag*s%u(i)**2
    end do
    s%energy = s%energy + 0.5_dp*sum(s%u**2)
    s%nsteps = s%nsteps + 1
  end subroutine
end module

subroutine run(x, k, cost)
  use ocean
  implicit none
  real(dp), intent(in) :: x(nx)
  real(dp), intent(in) :: k
  real(dp), intent(out) :: cost
  type(state) :: s
  integer :: it
  s%u = x
  s%energy = 0.0_dp
  s%nsteps = 0
  s%p%kappa = k
  s%p%drag = 0.1_dp
  s%p%nsub = 3
  do it = 1, 4
    call step(s, 0.1_dp)
  end do
  cost = s%energy + s%u(3)*s%p%kappa
end subroutine
