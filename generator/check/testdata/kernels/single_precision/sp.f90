! real(4) throughout: the tests reach single precision only.
subroutine sp(x, y, n)
  implicit none
  integer, intent(in) :: n
  real(4), intent(in) :: x(n)
  real(4), intent(out) :: y
  integer :: i
  y = 0
  do i = 1, n
    y = y + sin(x(i))*x(i)**2 + exp(0.5*x(i))
  end do
end subroutine
