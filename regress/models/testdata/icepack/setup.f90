! The check point of conductivity_mush_array: seven ice layers (the
! model sets nilyr at initialisation), enthalpies and salinities of
! mushy sea ice.
subroutine setup_conductivity(zqin, zsin, km)
  use icepack_kinds, only: dbl_kind
  use icepack_tracers, only: nilyr
  implicit none
  real(kind=dbl_kind), intent(inout) :: zqin(10), zsin(10), km(10)
  nilyr = 7
  zqin = -2.0e8_dbl_kind - 1.0e8_dbl_kind*zqin
  zsin = 2.0_dbl_kind + 6.0_dbl_kind*zsin
end subroutine setup_conductivity
