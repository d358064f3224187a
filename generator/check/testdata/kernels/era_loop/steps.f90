subroutine steps(n, x, s)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: x, s
  real(8) :: y, w
  integer :: t
  do t = 1, n
    y = 2*x + t
    w = cos(y)
    y = sin(y)
    s = s + y*w*s
    x = x + 0.1d0*y*w
  end do
end subroutine steps
