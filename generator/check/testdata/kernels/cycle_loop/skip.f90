! CYCLE: skip elements by an active test and by their index.
subroutine skip(x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y
  integer :: i
  y = 1.0d0
  do i = 1, n
    if (mod(i, 3) == 0) cycle
    if (x(i) < 0.3d0) cycle
    y = y*(1 + x(i)) + sin(y)*0.1d0
  end do
end subroutine
