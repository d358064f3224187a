! RETURN in the middle of a routine, taken on an active test.
subroutine ret(x, y)
  implicit none
  real(8), intent(in) :: x
  real(8), intent(out) :: y
  y = x*x
  if (y > 0.25d0) then
    y = y*exp(x)
    return
  end if
  y = sin(y) + x
end subroutine
