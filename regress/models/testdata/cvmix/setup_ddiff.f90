! Double diffusion: salt fingering in the upper half of the column
! (0 < denominator, 1.2 < R_rho < 2.2 below strat_param_max = 2.55),
! diffusive convection below (numerator < 0, 0.6 < R_rho < 0.9), away
! from the regimes' bounds and from R_rho = 0.5.
subroutine setup_ddiff(CVmix_vars, CVmix_ddiff_params_user)
  use cvmix_kinds_and_types, only: cvmix_r8, cvmix_data_type
  use cvmix_ddiff, only: cvmix_init_ddiff, cvmix_ddiff_params_type
  implicit none
  type(cvmix_data_type), intent(inout) :: CVmix_vars
  type(cvmix_ddiff_params_type), intent(inout) :: CVmix_ddiff_params_user
  integer :: k, n
  real(cvmix_r8) :: u
  call cvmix_init_ddiff(CVmix_ddiff_params_user, diff_conv_type='MC76', old_vals='overwrite')
  n = CVmix_vars%max_nlev
  do k = 1, n
    u = CVmix_vars%strat_param_num(k)
    if (k <= n/2) then
      CVmix_vars%strat_param_denom(k) = 1.0_cvmix_r8 + 0.2_cvmix_r8*CVmix_vars%strat_param_denom(k)
      CVmix_vars%strat_param_num(k) = CVmix_vars%strat_param_denom(k)*(1.2_cvmix_r8 + 2.0_cvmix_r8*(u - 0.25_cvmix_r8))
    else
      CVmix_vars%strat_param_denom(k) = -2.0_cvmix_r8 - CVmix_vars%strat_param_denom(k)
      CVmix_vars%strat_param_num(k) = CVmix_vars%strat_param_denom(k)*(0.6_cvmix_r8 + 0.6_cvmix_r8*(u - 0.25_cvmix_r8))
    end if
  end do
end subroutine setup_ddiff
