! Radiation coefficients held in a derived-type module variable, as
! IFS-style YOE* modules do: the spec names its components.
module yoerad
  implicit none
  type trad
    real(8) :: cfac(3)
    real(8) :: logk
    real(8) :: heat
    integer :: nband
  end type trad
  type(trad) :: rad
contains
  ! The check point: the band count (fadj check calls it with the
  ! target's arguments).
  subroutine setup_rad(klev, t, flux)
    integer, intent(in) :: klev
    real(8), intent(inout) :: t(klev), flux(klev)
    rad%nband = 3
  end subroutine setup_rad
end module yoerad

module radiation
  use yoerad
  implicit none
contains
  subroutine radiate(klev, t, flux)
    integer, intent(in) :: klev
    real(8), intent(in) :: t(klev)
    real(8), intent(out) :: flux(klev)
    integer :: jk, jb
    real(8) :: zsum
    zsum = 0
    do jk = 1, klev
      flux(jk) = 0
      do jb = 1, rad%nband
        flux(jk) = flux(jk) + rad%cfac(jb)*t(jk)**jb
      end do
      flux(jk) = flux(jk)*exp(-rad%logk*jk)
      zsum = zsum + flux(jk)
    end do
    rad%heat = rad%heat + zsum/klev
  end subroutine radiate
end module radiation
