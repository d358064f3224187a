! Matrix products and transposes of 2-D arrays.
subroutine mm(a, b, c, t, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: a(n, n), b(n, n)
  real(8), intent(out) :: c(n, n), t
  c = matmul(a, transpose(b)) + 0.5d0*matmul(a, a)
  t = sum(c*c) + dot_product(a(:, 2), matmul(b, a(:, 1)))
end subroutine
