! The misfit of a model state against observations, summed as OpenMP
! codes do: each thread sums its share of the grid in a private partial
! sum, then adds it to the total in a critical section.
subroutine misfit(n, x, obs, w, cost)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n), obs(n), w
  real(8), intent(out) :: cost
  integer :: i
  real(8) :: local, d
  cost = 0.0d0
  !$omp parallel private(local, d)
  local = 0.0d0
  !$omp do
  do i = 1, n
    d = x(i) - obs(i)
    local = local + w * d**2
  end do
  !$omp end do
  !$omp critical
  cost = cost + local
  !$omp end critical
  !$omp end parallel
  cost = 0.5d0 * cost
end subroutine misfit
