! A component of a derived-type argument as an independent.
module aero
  implicit none
  type params
    real(8) :: cd, rho
  end type
end module

subroutine drag(p, v, f)
  use aero
  implicit none
  type(params), intent(in) :: p
  real(8), intent(in) :: v
  real(8), intent(out) :: f
  f = 0.5d0*p%rho*p%cd*v**2
end subroutine
