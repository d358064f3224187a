! OpenMP constructs reverse mode does not handle yet, each reported at
! its directive: a critical section around a product of active values in
! a parallel region, and in a parallel do. (A max reduction updated by a
! max of three arguments, once here, is kernel omp_maxforms.)
subroutine relax(n, x, y, s, m)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: x(n)
  real(8), intent(in) :: y(n)
  real(8), intent(out) :: s, m
  integer :: i
  s = x(1)
  !$omp parallel private(i)
  !$omp do
  do i = 1, n
    !$omp critical
    s = s * (1.0d0 + x(i))
    !$omp end critical
  end do
  !$omp end do
  !$omp end parallel
  m = 1.0d0
  !$omp parallel do
  do i = 1, n
    !$omp critical
    m = m * (1.0d0 + x(i) * y(i))
    !$omp end critical
  end do
end subroutine relax
