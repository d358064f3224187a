! A DO WHILE whose condition calls a function of active values; the
! result is fixed by the last iterate (bisection then a Newton step).
real(8) function resid(z, a)
  implicit none
  real(8), intent(in) :: z, a
  resid = z**3 - a
end function

subroutine bisect(a, r)
  implicit none
  real(8), intent(in) :: a
  real(8), intent(out) :: r
  real(8), external :: resid
  real(8) :: lo, hi
  lo = 0.0d0
  hi = 2.0d0
  do while (hi - lo > 1.0d-3)
    r = 0.5d0*(lo + hi)
    if (resid(r, a) > 0) then
      hi = r
    else
      lo = r
    end if
  end do
  r = 0.5d0*(lo + hi)
  r = r - resid(r, a)/(3*r**2)
  r = r - resid(r, a)/(3*r**2)
  r = r - resid(r, a)/(3*r**2)
end subroutine
