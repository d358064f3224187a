! The non-smooth intrinsics, away from their kinks: abs, sign, min, max,
! mod, and the piecewise-constant int, nint, floor.
subroutine kinks(x, a, y)
  implicit none
  real(8), intent(in) :: x, a
  real(8), intent(out) :: y
  real(8) :: t
  integer :: k
  t = abs(x - 2*a) + max(x, a, 0.1d0)*min(x, 2*a) + sign(x, a - 1.0d0)
  t = t + mod(10*x, 0.3d0)*a + mod(x + a, 0.7d0)
  k = int(10*x) + nint(5*a) + floor(3*x*a)
  t = t*real(k, 8) + dble(k)*a
  y = t + sign(1.0d0, x)*x**2
end subroutine
