! (fp_mid_exit_while) Implicit time steps of a nonlinear relaxation: each
! step solves x = g(x_old, x) by an under-relaxed Picard iteration in a
! DO WHILE on the iteration count, the convergence test on the new
! iterate in the middle, the relaxation after it. The exit is rotated to
! the end of the body (rejected before: "EXIT leaves an iteration
! before its end").
subroutine steps(n, nt, p, x, cost)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(in) :: p(n)
  real(8), intent(inout) :: x(n)
  real(8), intent(out) :: cost
  real(8) :: xold(n), xn(n), res, omega
  integer :: it, step
  omega = 0.7d0
  cost = 0
  do step = 1, nt
    xold = x
    it = 0
    picard: do while (it < 500)
      it = it + 1
      xn = 0.5d0*xold + 0.2d0*cos(x) + 0.25d0*p
      res = maxval(abs(xn - x))
      if (res < 1d-15) exit picard
      x = omega*xn + (1 - omega)*x
    end do picard
    cost = cost + sum(x**2) + sum(p*xn)
  end do
end subroutine steps
