! ENTRY in free-form F90 with IMPLICIT NONE and intents: the entry's
! dummy dt is declared intent(in) among the host's declarations (dropped
! from setup's procedure), the coefficient lives in a COMMON block, and
! the code of advance calls an internal function damp that reads dt by
! host association (setup's procedure leaves it out); the function energy
! has an entry force with a RESULT of its own.
subroutine setup(n, x, a)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: x(n)
  real(8), intent(in) :: a
  real(8), intent(in) :: dt
  real(8) :: k
  common /cf/ k
  integer :: i
  real(8), external :: energy
  k = a*a
  x = x + a
  return
entry advance(n, x, dt)
  do i = 1, n
    x(i) = x(i) - dt*damp(x(i))
  end do
contains
  real(8) function damp(v)
    real(8), intent(in) :: v
    damp = k*energy(v)*(1 + dt*v)
  end function damp
end subroutine setup

function energy(v) result(e)
  implicit none
  real(8), intent(in) :: v
  real(8) :: e, w, f
  e = 0.5d0*v*v
  return
entry force(w) result(f)
  f = -w + 0.1d0*w**3
end function energy

subroutine drive(n, x, a, dt)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: x(n)
  real(8), intent(in) :: a, dt
  real(8), external :: force
  call setup(n, x, a)
  call advance(n, x, dt)
  x(1) = x(1) + force(x(2))
end subroutine drive
