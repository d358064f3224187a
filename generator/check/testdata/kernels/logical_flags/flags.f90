! Logical variables set from active comparisons and used later.
subroutine flags(x, y, z)
  implicit none
  real(8), intent(in) :: x, y
  real(8), intent(out) :: z
  logical :: big, close
  big = x > 0.5d0
  close = abs(x - y) < 0.2d0
  z = x*y
  if (big) z = z + x**2
  if (close .and. .not. big) z = z*y
  if (big .neqv. close) z = z + sqrt(y)
end subroutine
