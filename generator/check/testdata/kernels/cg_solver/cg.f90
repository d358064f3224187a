! An iterative solver with DO WHILE: conjugate gradients on a symmetric
! positive definite tridiagonal system (diagonal d, off-diagonal -1).
subroutine matvec(d, p, q, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: d(n), p(n)
  real(8), intent(out) :: q(n)
  q = d*p
  q(2:n) = q(2:n) - p(1:n-1)
  q(1:n-1) = q(1:n-1) - p(2:n)
end subroutine

subroutine cg(d, b, x, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: d(n), b(n)
  real(8), intent(out) :: x(n)
  real(8) :: r(n), p(n), q(n), alpha, beta, rr, rrnew
  integer :: it
  x = 0
  r = b
  p = r
  rr = dot_product(r, r)
  it = 0
  do while (it < n)
    call matvec(d, p, q, n)
    alpha = rr/dot_product(p, q)
    x = x + alpha*p
    r = r - alpha*q
    rrnew = dot_product(r, r)
    beta = rrnew/rr
    p = r + beta*p
    rr = rrnew
    it = it + 1
  end do
end subroutine
