! A scalar broadcast over an array.
subroutine bcast(x, a, n, w, s)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x, a(n)
  real(8), intent(out) :: w(n), s
  w = x
  w(2:n) = x*x
  w = w*a + sin(x)
  s = sum(w*w)
end subroutine
