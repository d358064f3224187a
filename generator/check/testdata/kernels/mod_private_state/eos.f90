! Equation of state: a public module the ocean uses.
module eos_mod
  implicit none
  integer, parameter :: wp = kind(1.0d0)
contains
  elemental function density(t) result(rho)
    real(wp), intent(in) :: t
    real(wp) :: rho
    rho = 1025.0_wp*(1.0_wp - 2.0e-4_wp*(t - 10.0_wp) - 5.0e-6_wp*(t - 10.0_wp)**2)
  end function density
end module eos_mod
