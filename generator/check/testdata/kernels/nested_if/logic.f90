! Nested IFs whose conditions combine active comparisons with .and.,
! .or. and .not.
subroutine logic(x, y, z)
  implicit none
  real(8), intent(in) :: x, y
  real(8), intent(out) :: z
  z = x + y
  if (x > 0.4d0 .and. y < 0.6d0) then
    if (.not. (x*y > 0.2d0)) then
      z = z*x
    else
      z = z*y + 1
      if (z > 1.0d0 .or. x > 0.7d0) z = log(z)
    end if
  else if (x < 0.3d0 .or. y > 0.7d0) then
    z = exp(-z)
  end if
end subroutine
