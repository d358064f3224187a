! OpenMP constructs reverse mode does not handle yet, each reported at
! its directive: a critical section around a product of active values in
! a parallel region, and a max reduction of an active variable updated by
! a max of three arguments.
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
  m = -huge(m)
  !$omp parallel do reduction(max:m)
  do i = 1, n
    m = max(m, x(i) * y(i), y(i))
  end do
end subroutine relax
