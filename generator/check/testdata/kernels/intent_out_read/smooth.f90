subroutine smooth(n, phi)
  integer, intent(in) :: n
  real(8), intent(out) :: phi(n)
  integer :: i
  do i = 2, n-1
    phi(i) = 0.5d0*(phi(i-1) + phi(i+1))
  end do
end subroutine smooth
subroutine f(n, x, y)
  integer, intent(in) :: n
  real(8), intent(inout) :: x(n)
  real(8), intent(out) :: y
  call smooth(n, x)
  y = sum(x**2)
end subroutine f
