! The forms of **: integer and real constant exponents, an integer
! variable exponent, an active exponent, a constant base.
subroutine pw(x, y, z, k)
  implicit none
  integer, intent(in) :: k
  real(8), intent(in) :: x, y
  real(8), intent(out) :: z
  z = x**2 + x**3.5d0 + x**(-1) + x**k + x**y + 2.0d0**y + (x*y)**0.5d0
  z = z + sqrt(x)**3 + y**(k/4)
end subroutine
