! bench/fixedpoint/tapenade.sh: fp_jacobi with its DO ... EXIT written as
! the equivalent DO WHILE, the only form Tapenade's FP-LOOP applies to.
! Jacobi iteration for A x = b, A = d*I + off-diagonal coupling, in a
! counted DO loop that EXITs on convergence (the exit ends the body: the
! test between two complete iterations). The coupling w sets the
! contraction rate, about 0.8: some 140 iterations.
subroutine jacobi(b, w, x, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: b(n), w
  real(8), intent(out) :: x(n)
  real(8) :: xn(n), err, d
  integer :: i, k
  d = 2.5d0
  x = 0
  k = 0
  err = 1
  do while (err >= 1.0d-14 .and. k < 2000)
    k = k + 1
    xn(1) = (b(1) + w*x(2))/d
    do i = 2, n - 1
      xn(i) = (b(i) + w*(x(i - 1) + x(i + 1)))/d
    end do
    xn(n) = (b(n) + w*x(n - 1))/d
    err = maxval(abs(xn - x))
    x = xn
  end do
end subroutine
