! Column physics: a recurrence along each column (a(i, j) from
! a(i-1, j), overwriting the column in place), the columns shared among
! the threads. The inner loop's records (t, the old values of the
! column) go to arrays with one more dimension, the column index, taped
! once after the parallel loop instead of once per column.
subroutine col(n, m, a)
  implicit none
  integer, intent(in) :: n, m
  real(8), intent(inout) :: a(n, m)
  integer :: i, j
  real(8) :: t
  !$omp parallel do private(i, t)
  do j = 1, m
    do i = 2, n
      t = a(i - 1, j)
      t = sin(t) * a(i, j)
      a(i, j) = a(i, j) + t
    end do
  end do
  !$omp end parallel do
end subroutine col
