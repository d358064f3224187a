! A routine that updates module state the spec does not name: a call
! counter, a clock, and a history that becomes active. fadj check
! restores module variables before every call (and zeroes the
! derivatives of the active ones), so that each call starts alike.
module clock
  implicit none
  real(8) :: time = 1.0d0
  integer :: ncalls = 0
  real(8) :: hist(3) = 0.5d0
end module

subroutine tick(x, y)
  use clock
  implicit none
  real(8), intent(in) :: x
  real(8), intent(out) :: y
  ncalls = ncalls + 1
  time = time + 0.5d0
  hist(1:2) = hist(2:3)
  hist(3) = x*x
  y = x*time + sum(hist*hist) + hist(2)*x
end subroutine
