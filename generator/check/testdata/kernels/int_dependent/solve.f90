! A Newton solve of x**3 + a*x = b per cell, as a land-surface model
! solves its energy balance: the routine returns the roots, the number
! of iterations the slowest cell took and whether every cell converged.
! The spec lists all three as dependents, as a user listing a routine's
! outputs would: the count and the flag have no derivative, so fadj
! leaves them out with a warning and differentiates the roots.
subroutine solve(n, a, b, x, niter, ok)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: a(n), b(n)
  real(8), intent(out) :: x(n)
  integer, intent(out) :: niter
  logical, intent(out) :: ok
  integer :: i, it
  real(8) :: f, df
  niter = 0
  ok = .true.
  do i = 1, n
    x(i) = b(i)/(1.0d0 + a(i))
    do it = 1, 50
      f = x(i)**3 + a(i)*x(i) - b(i)
      df = 3.0d0*x(i)**2 + a(i)
      x(i) = x(i) - f/df
      if (abs(f) < 1.0d-14) exit
    end do
    niter = max(niter, it)
    if (it > 50) ok = .false.
  end do
end subroutine solve
