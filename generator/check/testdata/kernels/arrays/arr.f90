! Whole-array expressions and the array intrinsics.
subroutine arr(x, w, m, n, s, v, z)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n), w(n), m(n, n)
  real(8), intent(out) :: s, v(n), z(n)
  v = matmul(m, x)
  s = sum(x*x) + dot_product(x, w) + sum(v)
  z = x*2 + v*w - sin(x)
  z = z + maxval(v)*sqrt(abs(x)) + minval(w)*x + product(w)
  s = s + sum(transpose(m)*m)
  v = v*s
end subroutine
