! A seawater toolbox in the style of TEOS-10's GSW: external ELEMENTAL
! functions, their interfaces in a toolbox module, one calling another.
! The target is itself one of them: its derivative stays a scalar routine
! that callers reach without an interface, while the derivatives of the
! functions it calls are elemental, with interfaces in their callers.
module eos_kinds
  implicit none
  integer, parameter :: r8 = selected_real_kind(14, 30)
end module eos_kinds

module eos_toolbox
  interface
    elemental function eos_specvol(sa, ct, p)
      use eos_kinds
      real(r8), intent(in) :: sa, ct, p
      real(r8) :: eos_specvol
    end function eos_specvol
    elemental function eos_rho(sa, ct, p)
      use eos_kinds
      real(r8), intent(in) :: sa, ct, p
      real(r8) :: eos_rho
    end function eos_rho
  end interface
end module eos_toolbox

elemental function eos_specvol(sa, ct, p)
  use eos_kinds
  implicit none
  real(r8), intent(in) :: sa, ct, p
  real(r8) :: eos_specvol
  real(r8) :: xs, ys, z
  xs = sqrt(0.0248826675584615d0*sa + 5.971840214030754d-1)
  ys = ct*0.025d0
  z = p*1.0d-4
  eos_specvol = 1.0d-3*(1.0d0 + 0.1d0*xs*ys - 0.05d0*xs**2 + 0.02d0*ys**2 - 0.04d0*z*xs + 0.01d0*z*ys**3)
end function eos_specvol

elemental function eos_rho(sa, ct, p)
  use eos_kinds
  use eos_toolbox, only: eos_specvol
  implicit none
  real(r8), intent(in) :: sa, ct, p
  real(r8) :: eos_rho
  eos_rho = 1.0d0/eos_specvol(sa, ct, p)
end function eos_rho
