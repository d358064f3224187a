! Branches on active values: IF / ELSE IF / ELSE and IF statements.
subroutine branchy(x, a, y)
  implicit none
  real(8), intent(in) :: x, a
  real(8), intent(out) :: y
  real(8) :: t
  if (x > a) then
    t = x*x
  else if (x > 0.9d0*a) then
    t = a*x + 1
  else
    t = exp(a - x)
  end if
  if (t > 1.0d0) t = sqrt(t)
  y = t*a
  if (a < 0.0d0) y = 0.0d0
end subroutine
