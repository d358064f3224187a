! Giering and Kaminski, "Generating recomputations in reverse mode AD",
! Fig. 1: a block overwriting y, all variables active.
subroutine fig1(x, z)
  implicit none
  real(8), intent(in) :: x
  real(8), intent(out) :: z
  real(8) :: y, w
  y = 2*x
  w = cos(y)
  y = sin(y)
  z = y*w
end subroutine fig1
