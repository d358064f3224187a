! Iterative assignments: x = 2*x + y overwrites what it reads.
subroutine iter(x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: x, y
  integer :: i
  do i = 1, n
    x = 2*x + y
    y = x*y/(1 + x*x)
    x = x/3 + sin(y)
  end do
end subroutine
