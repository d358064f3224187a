! A land-surface model in the F90 style of FSM or JULES standalone: the
! state lives in modules, the time step is a routine without arguments
! that calls the physics, each of which USEs the state it updates. The
! step itself uses none of the state modules.
module state_vars
  implicit none
  integer, parameter :: nlay = 3
  real(8) :: tsurf, tlay(nlay), swe
end module state_vars

module forcing
  implicit none
  real(8) :: tair, snowfall, dt
end module forcing

subroutine surface_balance(flux)
  use state_vars, only: tsurf
  use forcing, only: tair
  implicit none
  real(8), intent(out) :: flux
  integer :: it
  do it = 1, 4
    flux = 12.0d0*(tair - tsurf) - 4.0d-8*tsurf**4*1.0d-2
    tsurf = tsurf + 0.05d0*flux
  end do
end subroutine surface_balance

subroutine layer_heat(flux)
  use state_vars, only: tlay, tsurf, nlay
  use forcing, only: dt
  implicit none
  real(8), intent(in) :: flux
  real(8) :: k(nlay)
  integer :: i
  k = 0.2d0 + 1.0d-3*tlay
  tlay(1) = tlay(1) + dt*(k(1)*(tsurf - tlay(1)) + 1.0d-2*flux)
  do i = 2, nlay
    tlay(i) = tlay(i) + dt*k(i)*(tlay(i-1) - tlay(i))
  end do
end subroutine layer_heat

subroutine accumulate()
  use state_vars, only: swe, tlay
  use forcing, only: snowfall, dt
  implicit none
  swe = swe + dt*snowfall*exp(-0.1d0*(tlay(1) - 265.0d0))
end subroutine accumulate

subroutine model_step()
  implicit none
  real(8) :: flux
  call surface_balance(flux)
  call layer_heat(flux)
  call accumulate()
end subroutine model_step

subroutine step_point()
  use state_vars
  use forcing
  implicit none
  tair = 268.0d0; snowfall = 2.0d-3; dt = 0.5d0
  tsurf = 266.0d0; tlay = [266.5d0, 268.0d0, 270.0d0]; swe = 40.0d0
end subroutine step_point
