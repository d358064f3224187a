! Sea-ice column in a module PRIVATE by default: the layers are an
! ALLOCATABLE array of a private derived type inside a public type with
! PRIVATE components.
module ice_column
  implicit none
  private
  integer, parameter :: wp = kind(1.0d0)
  type :: layer_t
    real(wp) :: t = -5.0_wp
    real(wp) :: s = 4.0_wp
  end type layer_t
  type, public :: ice_t
    private
    integer :: nl = 0
    type(layer_t), allocatable :: lay(:)
    real(wp) :: hi = 1.0_wp
  end type ice_t
  public :: run
contains
  subroutine ice_init(ice, nl, t0, h0)
    type(ice_t), intent(out) :: ice
    integer, intent(in) :: nl
    real(wp), intent(in) :: t0(nl), h0
    integer :: k
    ice%nl = nl
    allocate(ice%lay(nl))
    do k = 1, nl
      ice%lay(k)%t = t0(k)
      ice%lay(k)%s = 5.0_wp - 0.5_wp*k
    end do
    ice%hi = h0
  end subroutine ice_init

  subroutine ice_step(ice, tair, dt)
    type(ice_t), intent(inout) :: ice
    real(wp), intent(in) :: tair, dt
    real(wp) :: dz, fup, fdn, kc
    integer :: k
    dz = ice%hi/ice%nl
    fup = 2.0_wp*(tair - ice%lay(1)%t)/dz
    do k = 1, ice%nl
      if (k < ice%nl) then
        kc = 2.03_wp + 0.117_wp*ice%lay(k)%s/ice%lay(k)%t
        fdn = kc*(ice%lay(k)%t - ice%lay(k+1)%t)/dz
      else
        fdn = 0.0_wp
      end if
      ice%lay(k)%t = ice%lay(k)%t + dt*(fup - fdn)/(dz*1.9e6_wp)
      fup = fdn
    end do
    ice%lay%s = ice%lay%s*(1.0_wp - 1.0e-7_wp*dt)
    ice%hi = ice%hi + dt*1.0e-8_wp*(-1.8_wp - ice%lay(ice%nl)%t)
  end subroutine ice_step

  subroutine run(nl, nt, t0, h0, tair, e)
    integer, intent(in) :: nl, nt
    real(wp), intent(in) :: t0(nl), h0, tair
    real(wp), intent(out) :: e
    type(ice_t) :: ice
    integer :: it
    call ice_init(ice, nl, t0, h0)
    do it = 1, nt
      call ice_step(ice, tair + sin(0.5_wp*it), 3600.0_wp)
    end do
    e = sum(ice%lay%t**2)*ice%hi + sum(ice%lay%s)
  end subroutine run
end module ice_column
