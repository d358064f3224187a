! The spec's defines and include_dirs: a preprocessor branch, a macro
! value, and an INCLUDE line found in inc/.
subroutine pre(x, y)
  implicit none
  include 'consts.inc'
  real(8), intent(in) :: x
  real(8), intent(out) :: y
#ifdef USE_SQUARE
  y = SCALE*x**2 + half*x
#else
  y = SCALE*x
#endif
end subroutine
