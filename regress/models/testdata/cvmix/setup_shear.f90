! Check points of CVMix's mixing schemes, set as an ocean model sets
! them: the column's sizes in the cvmix_data_type (whose arrays are
! POINTER components the driver allocates), the scheme's parameters
! through its init routine into the user's parameter record, and a
! stably stratified column with moderate shear (0.05 < Ri < 0.6), away
! from the branches at Ri = 0.
subroutine setup_shear(CVmix_vars, CVmix_shear_params_user)
  use cvmix_kinds_and_types, only: cvmix_r8, cvmix_data_type
  use cvmix_shear, only: cvmix_init_shear, cvmix_shear_params_type
  implicit none
  type(cvmix_data_type), intent(inout) :: CVmix_vars
  type(cvmix_shear_params_type), intent(inout) :: CVmix_shear_params_user
  integer :: k
  call cvmix_init_shear(CVmix_shear_params_user, mix_scheme='PP', PP_nu_zero=0.01_cvmix_r8, &
                        PP_alpha=5.0_cvmix_r8, PP_exp=2.0_cvmix_r8, old_vals='overwrite')
  do k = 1, CVmix_vars%max_nlev + 1
    CVmix_vars%ShearRichardson_iface(k) = 0.05_cvmix_r8 + 0.5_cvmix_r8*CVmix_vars%ShearRichardson_iface(k)
  end do
end subroutine setup_shear

