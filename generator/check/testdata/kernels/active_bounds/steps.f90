! Loop bounds computed from active values (int of an active value):
! the trip count depends on x, its derivative does not.
subroutine steps(x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y
  integer :: i, m
  m = int(10*x(1)) + 1
  y = 1.0d0
  do i = 1, min(m, n)
    y = y*(1 + x(i)) - 0.1d0*y**2
  end do
  do i = n, max(n - m, 1), -1
    y = y + x(i)*y
  end do
end subroutine
