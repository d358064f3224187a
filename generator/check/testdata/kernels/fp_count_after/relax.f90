! (fp_count_after) A Picard iteration counting its iterations, the count
! used after the loop: the recording sweep, run once more after the
! loop, counted one more, and the adjoint routine's cost differed from
! the original's ("outputs of the adjoint" error 6.2e-4); the integer and
! logical scalars it assigns are put back after it.
subroutine relax(n, p, x, cost)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: p(n)
  real(8), intent(out) :: x(n), cost
  real(8) :: xn(n), res
  integer :: iter
  x = 0
  iter = 0
  res = 1
  do while (res > 1d-15 .and. iter < 500)
    iter = iter + 1
    xn = 0.5d0*cos(x) + 0.25d0*p
    res = maxval(abs(xn - x))
    x = xn
  end do
  cost = sum(x**2) + iter*1d-3
end subroutine relax
