! Variables that become passive when overwritten by constants.
subroutine reset(x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y(n)
  real(8) :: t, s(n)
  integer :: i
  t = x(1)
  s = x
  do i = 1, n
    y(i) = t*s(i)
    t = 2.0d0
    s(i) = 0
    t = t*x(i)
  end do
  y(n) = y(n) + sum(s)
end subroutine
