module shr_kind_mod
  implicit none
  integer, parameter :: r8 = selected_real_kind(12)
end module shr_kind_mod

module clm_varpar
  implicit none
  integer, parameter :: nlevsno = 5
  integer, parameter :: nlevgrnd = 3
end module clm_varpar

module decompMod
  implicit none
  type bounds_type
    integer :: begc, endc
  end type bounds_type
end module decompMod

module WaterStateType
  use shr_kind_mod, only: r8
  use clm_varpar
  use decompMod
  implicit none
  type, public :: waterstate_type
    real(r8), pointer :: h2osno_col(:) => null()
    real(r8), pointer :: h2osoi_liq_col(:,:) => null()
    real(r8), pointer :: h2osoi_ice_col(:,:) => null()
    real(r8), pointer :: dz_col(:,:) => null()
    integer, pointer :: snl_col(:) => null()
  contains
    procedure, public :: Init
  end type waterstate_type
contains
  subroutine Init(this, bounds)
    class(waterstate_type) :: this
    type(bounds_type), intent(in) :: bounds
    allocate(this%h2osno_col(bounds%begc:bounds%endc))
    allocate(this%h2osoi_liq_col(bounds%begc:bounds%endc, -nlevsno+1:nlevgrnd))
    allocate(this%h2osoi_ice_col(bounds%begc:bounds%endc, -nlevsno+1:nlevgrnd))
    allocate(this%dz_col(bounds%begc:bounds%endc, -nlevsno+1:nlevgrnd))
    allocate(this%snl_col(bounds%begc:bounds%endc))
    this%h2osno_col = 0.0_r8
    this%h2osoi_liq_col = 0.0_r8
    this%h2osoi_ice_col = 0.0_r8
    this%dz_col = 0.1_r8
    this%snl_col = 0
  end subroutine Init
end module WaterStateType

module SnowHydrologyMod
  use shr_kind_mod, only: r8
  use clm_varpar
  use decompMod
  use WaterStateType
  implicit none
  real(r8), parameter :: tfrz = 273.15_r8, hfus = 3.337e5_r8, cpice = 2117.27_r8
  real(r8), parameter :: dzmin(5) = [0.010_r8, 0.015_r8, 0.025_r8, 0.055_r8, 0.115_r8]
contains
  subroutine SnowMelt(bounds, num_snowc, filter_snowc, t_soisno, ws, qflx_melt)
    type(bounds_type), intent(in) :: bounds
    integer, intent(in) :: num_snowc, filter_snowc(:)
    real(r8), intent(inout) :: t_soisno(bounds%begc:, -nlevsno+1:)
    type(waterstate_type), intent(inout) :: ws
    real(r8), intent(out) :: qflx_melt(bounds%begc:)
    integer :: fc, c, j
    real(r8) :: heat, melt
    associate(snl => ws%snl_col, h2osoi_ice => ws%h2osoi_ice_col, h2osoi_liq => ws%h2osoi_liq_col)
    do fc = 1, num_snowc
      c = filter_snowc(fc)
      qflx_melt(c) = 0.0_r8
      do j = snl(c)+1, 0
        if (t_soisno(c,j) > tfrz .and. h2osoi_ice(c,j) > 0.0_r8) then
          heat = (t_soisno(c,j) - tfrz) * cpice * h2osoi_ice(c,j)
          melt = min(heat / hfus, h2osoi_ice(c,j))
          h2osoi_ice(c,j) = h2osoi_ice(c,j) - melt
          h2osoi_liq(c,j) = h2osoi_liq(c,j) + melt
          t_soisno(c,j) = tfrz + (heat - melt*hfus) / (cpice * max(h2osoi_ice(c,j), 1.0e-6_r8))
          qflx_melt(c) = qflx_melt(c) + melt
        end if
      end do
    end do
    end associate
  end subroutine SnowMelt

  subroutine CombineSnowLayers(bounds, num_snowc, filter_snowc, t_soisno, ws)
    type(bounds_type), intent(in) :: bounds
    integer, intent(in) :: num_snowc, filter_snowc(:)
    real(r8), intent(inout) :: t_soisno(bounds%begc:, -nlevsno+1:)
    type(waterstate_type), intent(inout) :: ws
    integer :: fc, c, j, msn
    real(r8) :: wt
    associate(snl => ws%snl_col, ice => ws%h2osoi_ice_col, liq => ws%h2osoi_liq_col, dz => ws%dz_col)
    do fc = 1, num_snowc
      c = filter_snowc(fc)
      msn = -snl(c)
      ! merge the top layer down when it is thinner than its minimum
      if (msn >= 2) then
        j = snl(c) + 1
        if (dz(c,j) < dzmin(msn)) then
          wt = ice(c,j) + liq(c,j) + ice(c,j+1) + liq(c,j+1)
          t_soisno(c,j+1) = (t_soisno(c,j)*(ice(c,j)+liq(c,j)) + t_soisno(c,j+1)*(ice(c,j+1)+liq(c,j+1))) / wt
          ice(c,j+1) = ice(c,j+1) + ice(c,j)
          liq(c,j+1) = liq(c,j+1) + liq(c,j)
          dz(c,j+1) = dz(c,j+1) + dz(c,j)
          ice(c,j) = 0.0_r8; liq(c,j) = 0.0_r8; dz(c,j) = 0.0_r8
          snl(c) = snl(c) + 1
        end if
      end if
      ws%h2osno_col(c) = sum(ice(c, snl(c)+1:0))
    end do
    end associate
  end subroutine CombineSnowLayers
end module SnowHydrologyMod

module driver_mod
  use shr_kind_mod, only: r8
  use clm_varpar
  use decompMod
  use WaterStateType
  use SnowHydrologyMod
  implicit none
  type(waterstate_type) :: waterstate_inst
contains
  subroutine clm_drv(ncol, nt, t0, ice0, forc_t, cost)
    integer, intent(in) :: ncol, nt
    real(r8), intent(in) :: t0(ncol, -nlevsno+1:0), ice0(ncol, -nlevsno+1:0), forc_t(nt)
    real(r8), intent(out) :: cost
    type(bounds_type) :: bounds
    real(r8) :: t_soisno(ncol, -nlevsno+1:nlevgrnd), qmelt(ncol)
    integer :: filter(ncol), num, c, it
    bounds%begc = 1; bounds%endc = ncol
    call waterstate_inst%Init(bounds)
    t_soisno = tfrz - 2.0_r8
    do c = 1, ncol
      waterstate_inst%snl_col(c) = -(2 + mod(c, 4))
      t_soisno(c, -nlevsno+1:0) = t0(c, :)
      waterstate_inst%h2osoi_ice_col(c, -nlevsno+1:0) = ice0(c, :)
      waterstate_inst%dz_col(c, -nlevsno+1:0) = ice0(c, :) / 250.0_r8
    end do
    cost = 0.0_r8
    do it = 1, nt
      num = 0
      do c = 1, ncol
        if (waterstate_inst%snl_col(c) < 0) then
          num = num + 1
          filter(num) = c
        end if
      end do
      t_soisno(:, 0) = t_soisno(:, 0) + 0.2_r8 * (forc_t(it) - t_soisno(:, 0))
      call SnowMelt(bounds, num, filter, t_soisno, waterstate_inst, qmelt)
      call CombineSnowLayers(bounds, num, filter, t_soisno, waterstate_inst)
      cost = cost + sum(qmelt**2) + 1.0e-3_r8 * sum(waterstate_inst%h2osno_col)
    end do
    deallocate(waterstate_inst%h2osno_col, waterstate_inst%h2osoi_liq_col, waterstate_inst%h2osoi_ice_col, &
         waterstate_inst%dz_col, waterstate_inst%snl_col)
  end subroutine clm_drv
end module driver_mod
