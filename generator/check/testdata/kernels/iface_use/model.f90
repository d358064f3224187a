! An external procedure with an assumed-shape dummy, called through an
! interface block by a routine that USEs a module and says IMPLICIT
! NONE: the derivative routines add an interface block for the callee's
! derivative, which came before the original's USE and IMPLICIT NONE
! (gfortran: "USE statement at (1) cannot follow INTERFACE statement").
module consts
  implicit none
  real(8), parameter :: c0 = 0.5d0
end module consts

subroutine smooth(u)
  implicit none
  real(8), intent(inout) :: u(:)
  integer :: n
  n = size(u)
  u(2:n-1) = 0.25d0*u(1:n-2) + 0.5d0*u(2:n-1) + 0.25d0*u(3:n)
end subroutine smooth

subroutine model(n, x, c)
  use consts
  implicit none
  interface
    subroutine smooth(u)
      real(8), intent(inout) :: u(:)
    end subroutine smooth
  end interface
  integer, intent(in) :: n
  real(8), intent(inout) :: x(n)
  real(8), intent(out) :: c
  call smooth(x)
  x = x**2*c0 + x
  call smooth(x)
  c = sum(x**2)
end subroutine model
