! Mixed kinds: real(4) values in real(8) code, dble, real, and integer
! powers.
subroutine conv(x, v, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x, v(n)
  real(8), intent(out) :: y
  real(8) :: s
  integer :: i
  s = dble(n)
  do i = 1, n
    s = s + real(i, 8)*v(i)**2 + dble(i)/(1 + v(i))
  end do
  y = s*x**3 + x**(-2) + real(x, 8)**0.5d0 + v(1)**v(2)
end subroutine
