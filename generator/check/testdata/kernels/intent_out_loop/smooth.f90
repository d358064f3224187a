! A line smoother that declares intent(out) on the array it iterates on
! (a cavity solver's): fadj treats phi as inout, what the code does.
subroutine smooth(n, phi)
  integer, intent(in) :: n
  real(8), intent(out) :: phi(n)
  integer :: i
  do i = 2, n-1
    phi(i) = 0.5d0*(phi(i-1) + phi(i+1))
  end do
end subroutine smooth

subroutine f(n, nt, x, y)
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: x(n)
  real(8), intent(out) :: y
  integer :: it
  y = 0
  do it = 1, nt
    call smooth(n, x)
    x = x + 0.1d0*sin(x)
    y = y + sum(x**2)
  end do
end subroutine f
