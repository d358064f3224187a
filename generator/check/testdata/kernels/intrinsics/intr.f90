subroutine intr(x, a, y, z)
  implicit none
  real(8), intent(in) :: x, a
  real(8), intent(out) :: y, z
  real(8) :: t
  t = sin(x)*exp(a) + log(x + 2.0d0)*sqrt(a) + cos(a)**2 + tan(0.3d0*x)
  t = t + tanh(x) + atan(x*a) + x**3/a + sinh(a) + cosh(x)
  t = t + asin(x/4) + acos(a/4) + log10(a) + a**x + atan2(x, a)
  y = t*x
  z = 3.0d0
  z = z + t
end subroutine
