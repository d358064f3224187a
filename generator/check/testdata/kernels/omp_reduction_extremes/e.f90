! Extremes of a field on the even points of a staggered grid, two
! variables in one max clause, an IF around one update, a CYCLE.
subroutine extremes(n, a, b, lo, hi, hb, s)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: a(n), b(n)
  real(8), intent(inout) :: hi, hb
  real(8), intent(out) :: lo, s
  integer :: i
  lo = 1.0d30
  !$omp parallel do reduction(max:hi, hb) reduction(min:lo)
  do i = 2, n, 2
    if (a(i) < -5.0d0) cycle
    hi = max(hi, a(i) * b(i))
    if (b(i) > 0.0d0) hb = max(hb, b(i)**2)
    lo = min(lo, a(i) - b(i))
  end do
  !$omp end parallel do
  s = hi * hb + lo
end subroutine extremes
