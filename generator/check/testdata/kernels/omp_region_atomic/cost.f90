! Partial sums per thread added under CRITICAL and ATOMIC, as models
! total an energy and a mass and a per-level budget.
subroutine budget(n, nl, q, w, e, m, lev)
  implicit none
  integer, intent(in) :: n, nl
  real(8), intent(in) :: q(n, nl), w(nl)
  real(8), intent(out) :: e, m, lev(nl)
  integer :: i, k
  real(8) :: le, lm
  e = 0.0d0
  m = 0.0d0
  lev = 0.0d0
  !$omp parallel private(le, lm, k)
  le = 0.0d0
  lm = 0.0d0
  !$omp do
  do i = 1, n
    do k = 1, nl
      le = le + 0.5d0 * w(k) * q(i, k)**2
      lm = lm + w(k) * q(i, k)
    end do
  end do
  !$omp end do
  !$omp critical (energy)
  e = le + e
  !$omp end critical (energy)
  !$omp atomic
  m = m + 2.0d0 * lm
  !$omp end parallel
  e = sqrt(e) + m
end subroutine budget
