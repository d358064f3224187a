! Array sections on both sides, with strides.
subroutine arrs(x, w, m, n, s, v, z)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n), w(n), m(n, n)
  real(8), intent(out) :: s, v(n), z(n)
  v = matmul(m, x)
  s = sum(x*x) + dot_product(x, w) + sum(v(2:n))
  z(1) = s
  z(2:n) = x(1:n-1)*2 + v(2:n)*w(2:n) - sin(x(2:n))
  z = z + maxval(v)*sqrt(abs(x)) + product(w(1:3))
  s = s + sum(transpose(m)*m)
  v(1:n:2) = v(2:n:2)*s
end subroutine
