! Reductions over whole arrays and sections: sum, product, maxval,
! minval, dot_product, and sum along a dimension.
subroutine red(a, x, r, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: a(n, n), x(n)
  real(8), intent(out) :: r(n)
  real(8) :: colsum(n)
  colsum = sum(a, dim=1)
  r = colsum*x
  r(1) = r(1) + product(x(2:4)) + maxval(a(2, :)) - minval(x)
  r(2) = r(2) + dot_product(a(:, 1), x) + maxval(x(1:n:2))
  r(n) = r(n) + sum(a(2:n, 2:n)*a(1:n-1, 1:n-1))
end subroutine
