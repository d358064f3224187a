! A module variable as a dependent, written by a module procedure.
module stats
  implicit none
  real(8) :: total
contains
  subroutine accumulate(v)
    real(8), intent(in) :: v
    total = total + v*v
  end subroutine
end module

subroutine measure(x, y, n)
  use stats
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y
  integer :: i
  total = 0
  do i = 1, n
    call accumulate(x(i))
  end do
  y = sqrt(total)
end subroutine
