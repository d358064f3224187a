! Two targets in one spec, one tangent and one reverse, each checked
! on its own; two samples, seed 7.
subroutine lift(alpha, cl)
  implicit none
  real(8), intent(in) :: alpha
  real(8), intent(out) :: cl
  cl = 2*3.141592653589793d0*sin(alpha)*cos(alpha)
end subroutine

subroutine drag(alpha, v, cd)
  implicit none
  real(8), intent(in) :: alpha, v
  real(8), intent(out) :: cd
  cd = 0.02d0 + 0.05d0*alpha**2 + 1.0d-3*v**2
end subroutine
