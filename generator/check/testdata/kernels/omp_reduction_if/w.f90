! The largest vertical velocity and the lowest pressure of a column
! model, found with IF statements under max and min reductions, as older
! codes write them, entering a diagnostic cost.
subroutine column_diag(n, w, p, cost, wmax, pmin)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: w(n), p(n)
  real(8), intent(out) :: cost, wmax, pmin
  integer :: k
  wmax = 0.0d0
  pmin = 2.0d5
  !$omp parallel do reduction(max:wmax) reduction(min:pmin)
  do k = 1, n
    if (abs(w(k)) > wmax) wmax = abs(w(k))
    if (pmin > p(k) * (1.0d0 + 0.01d0 * w(k))) pmin = p(k) * (1.0d0 + 0.01d0 * w(k))
  end do
  !$omp end parallel do
  cost = wmax**2 + 1.0d-5 * pmin
end subroutine column_diag
