! Each column of a model is relaxed by an iteration whose count depends
! on the column (a DO WHILE to convergence, as a saturation adjustment
! is), scaled by a factor each thread copies (firstprivate), and the
! last column's relaxed value is kept after the loop (lastprivate) as a
! boundary value entering the output.
subroutine relax_cols(n, x, y, a, s)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n), a
  real(8), intent(out) :: y(n), s
  integer :: i
  real(8) :: t
  !$omp parallel do firstprivate(a) lastprivate(t)
  do i = 1, n
    t = a * x(i)**2 + 1.5d0
    do while (t > 1.1d0)
      t = sqrt(t)
    end do
    y(i) = t * x(i)
  end do
  s = t * t + a
end subroutine relax_cols
