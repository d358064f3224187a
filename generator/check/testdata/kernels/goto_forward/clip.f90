! Forward GO TO inside a routine (not crossing loops): skip a block
! when an active value is out of range.
subroutine clip(x, a, y)
  implicit none
  real(8), intent(in) :: x, a
  real(8), intent(out) :: y
  y = x*a
  if (y > 0.3d0) goto 10
  y = y + sin(x)
  goto 20
10 continue
  y = sqrt(y) + a
20 continue
  y = y*exp(-a)
end subroutine
