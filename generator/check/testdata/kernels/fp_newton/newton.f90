! Newton's method for x**3 + p*x - q = 0, componentwise: the fixed-point
! map x - g(x)/g'(x) has a zero derivative at the solution, so the
! adjoint iteration converges at once.
subroutine fpnewton(p, q, x, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: p(n), q(n)
  real(8), intent(out) :: x(n)
  real(8) :: g(n), dg(n), err
  integer :: it
  x = 1
  err = 1
  it = 0
  newton: do while (err > 1.0d-14 .and. it < 100)
    g = x**3 + p*x - q
    dg = 3*x**2 + p
    err = maxval(abs(g/dg))
    x = x - g/dg
    it = it + 1
  end do newton
end subroutine
