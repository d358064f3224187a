! A parametrisation library in the style of CVMix's KPP: each routine
! points a local pointer at the module's saved parameters, then at the
! caller's record if one is passed, and only then reads it, in active
! statements and in calls of functions taking the record.
module scales_params
  implicit none
  integer, parameter :: r8 = selected_real_kind(15, 307)
  type :: scales_params_t
    real(r8) :: vonkarman = 0.4_r8
    real(r8) :: c_m = 8.38_r8
    real(r8) :: zeta_m = -0.2_r8
    real(r8) :: surf_layer_ext = 0.1_r8
  end type
  type(scales_params_t), target, save :: params_saved
contains
  function phi_inv(zeta, params) result(phi)
    real(r8), intent(in) :: zeta
    type(scales_params_t), intent(in) :: params
    real(r8) :: phi
    if (zeta >= 0) then
      phi = 1.0_r8/(1.0_r8 + 5.0_r8*zeta)
    else if (zeta >= params%zeta_m) then
      phi = (1.0_r8 - 16.0_r8*zeta)**0.25_r8
    else
      phi = (1.26_r8 - params%c_m*zeta)**(1.0_r8/3.0_r8)
    end if
  end function phi_inv

  subroutine velocity_scales(sigma, hbl, bforce, ustar, w_m, params_user)
    real(r8), intent(in) :: sigma(:), hbl, bforce, ustar
    real(r8), intent(inout) :: w_m(size(sigma))
    type(scales_params_t), optional, target, intent(in) :: params_user
    type(scales_params_t), pointer :: p
    real(r8) :: zeta
    integer :: k
    p => params_saved
    if (present(params_user)) then
      p => params_user
    end if
    do k = 1, size(sigma)
      zeta = min(p%surf_layer_ext, sigma(k))*hbl*bforce*p%vonkarman/ustar**3
      w_m(k) = p%vonkarman*ustar*phi_inv(zeta, p)
    end do
  end subroutine velocity_scales

  ! The scale at the surface layer's base, the parameters passive.
  subroutine surface_scale(hbl, bforce, ustar, w_s, params_user)
    real(r8), intent(in) :: hbl, bforce, ustar
    real(r8), intent(out) :: w_s
    type(scales_params_t), optional, target, intent(in) :: params_user
    type(scales_params_t), pointer :: p
    real(r8) :: zeta
    p => params_saved
    if (present(params_user)) p => params_user
    zeta = p%surf_layer_ext*hbl*bforce*p%vonkarman/ustar**3
    w_s = p%vonkarman*ustar*phi_inv(zeta, p)
  end subroutine surface_scale
end module scales_params

subroutine scales_point(sigma, hbl, bforce, ustar, w_m, params_user)
  use scales_params
  implicit none
  real(r8), intent(inout) :: sigma(:), hbl, bforce, ustar, w_m(size(sigma))
  type(scales_params_t), intent(inout) :: params_user
  integer :: k
  do k = 1, size(sigma)
    sigma(k) = 0.02_r8*k
  end do
  hbl = 40.0_r8*hbl
  bforce = -1.0_r8 + bforce
  ustar = 0.6_r8 + ustar
  params_user%vonkarman = 0.41_r8
end subroutine scales_point

subroutine surface_point(hbl, bforce, ustar, w_s, params_user)
  use scales_params
  implicit none
  real(r8), intent(inout) :: hbl, bforce, ustar, w_s
  type(scales_params_t), intent(inout) :: params_user
  hbl = 40.0_r8*hbl
  bforce = 0.5_r8 + bforce
  ustar = 0.6_r8 + ustar
end subroutine surface_point
