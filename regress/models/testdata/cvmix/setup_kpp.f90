! KPP's turbulent velocity scales at the check point: the parameters
! cvmix_init_kpp sets by default (Large et al. 1994 values) into the
! user's record, a boundary layer 20 to 60 m deep under a stabilising
! (0.25e-7 to 0.75e-7 m^2/s^3) or destabilising buoyancy flux, a
! friction velocity of 5e-3 to 1.5e-2 m/s, sigma within the layer.
subroutine setup_kpp_scales(sigma_coord, OBL_depth, surf_buoy_force, surf_fric_vel, xi, w_m, w_s, CVmix_kpp_params_user)
  use cvmix_kinds_and_types, only: cvmix_r8
  use cvmix_kpp, only: cvmix_init_kpp, cvmix_kpp_params_type
  implicit none
  real(cvmix_r8), intent(inout) :: sigma_coord(:), OBL_depth, surf_buoy_force, surf_fric_vel, xi
  real(cvmix_r8), intent(inout) :: w_m(size(sigma_coord)), w_s(size(sigma_coord))
  type(cvmix_kpp_params_type), intent(inout) :: CVmix_kpp_params_user
  call cvmix_init_kpp(CVmix_kpp_params_user=CVmix_kpp_params_user)
  sigma_coord = 0.9_cvmix_r8*sigma_coord
  OBL_depth = 80.0_cvmix_r8*OBL_depth
  surf_buoy_force = 1.0e-7_cvmix_r8*surf_buoy_force
  surf_fric_vel = 2.0e-2_cvmix_r8*surf_fric_vel
  xi = 0
end subroutine setup_kpp_scales
