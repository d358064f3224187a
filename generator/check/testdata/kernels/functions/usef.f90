! Calls of functions with active results, external and with RESULT.
real(8) function g(a, b)
  implicit none
  real(8), intent(in) :: a, b
  g = a*sin(b) + a**2
end function

function h(x) result(r)
  implicit none
  real(8), intent(in) :: x
  real(8) :: r
  r = exp(-x)*x
  if (r > 0.2d0) then
    r = r*r + x
  end if
end function

subroutine usef(x, y, c)
  implicit none
  real(8), intent(in) :: x, c
  real(8), intent(out) :: y
  real(8), external :: g
  real(8) :: h
  external h
  y = g(x, c)*h(x) + g(c, c)
  y = y + g(c, x)*x - h(y)
end subroutine
