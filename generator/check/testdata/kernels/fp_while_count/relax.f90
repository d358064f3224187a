! (fp_while_count) Implicit time steps (binomial checkpoints), each an
! under-relaxed Picard iteration in a DO WHILE that counts at the end of
! its body, the convergence test in the middle: rotated with the header
! tested before the update counting one more (do while ((iter + 1) <
! maxiter)); the count, added to the cost, keeps the original loop's
! value after the recording sweep (rejected before).
subroutine steps(n, nt, p, x, cost)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(in) :: p(n)
  real(8), intent(inout) :: x(n)
  real(8), intent(out) :: cost
  real(8) :: xold(n), xn(n), res, omega
  integer :: iter, step, maxiter
  omega = 0.7d0
  maxiter = 500
  cost = 0
  do step = 1, nt
    xold = x
    iter = 0
    do while (iter < maxiter)
      xn = 0.5d0*xold + 0.2d0*cos(x) + 0.25d0*p
      res = maxval(abs(xn - x))
      if (res < 1d-15) exit
      x = omega*xn + (1 - omega)*x
      iter = iter + 1
    end do
    cost = cost + sum(x**2) + sum(p*xn) + iter*1d-3
  end do
end subroutine steps
