! OpenMP around passive code: a parallel loop computing only an index
! array, and a counter updated in a critical section of a parallel loop
! that is active otherwise. Reverse mode keeps both in the forward sweep;
! the backward sweep has nothing of them.
subroutine passive(n, x, y, hits)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y(n)
  integer, intent(out) :: hits
  integer :: i, idx(n)
  hits = 0
  !$omp parallel do
  do i = 1, n
    idx(i) = mod(5 * i, n) + 1
  end do
  !$omp end parallel do
  !$omp parallel do
  do i = 1, n
    if (x(i) > 0.0d0) then
      !$omp critical (count)
      hits = hits + 1
      !$omp end critical (count)
    end if
    y(i) = x(idx(i)) * x(i)
  end do
  !$omp end parallel do
end subroutine passive
