! A vertical-mixing library in the style of CVMix: the column is a type
! of POINTER arrays the ocean model points at its own fields; each scheme
! is a module PRIVATE by default whose parameters are a type with PRIVATE
! components set by its init routine, and whose public entry point is a
! generic over a low-level routine on arrays and a wrapper on the column.
module mix_kinds_types
  implicit none
  integer, parameter :: r8 = selected_real_kind(15, 307)
  type, public :: mix_column_t
    integer :: nlev = 0
    real(r8), dimension(:), pointer :: rich_iface => null()
    real(r8), dimension(:), pointer :: mdiff_iface => null()
    real(r8), dimension(:), pointer :: tdiff_iface => null()
  end type
end module mix_kinds_types

module mix_shear
  use mix_kinds_types, only: r8, mix_column_t
  implicit none
  private
  save
  public :: mix_init_shear, mix_coeffs_shear, mix_shear_params_t
  interface mix_coeffs_shear
    module procedure mix_coeffs_shear_low
    module procedure mix_coeffs_shear_wrap
  end interface mix_coeffs_shear
  type :: mix_shear_params_t
    private
    real(r8) :: nu_zero, alpha, expo, nu_b, kappa_b
  end type
  type(mix_shear_params_t), target :: params_saved
contains
  subroutine mix_init_shear(params_user, nu_zero, alpha, expo)
    type(mix_shear_params_t), optional, target, intent(inout) :: params_user
    real(r8), optional, intent(in) :: nu_zero, alpha, expo
    type(mix_shear_params_t), pointer :: p
    if (present(params_user)) then
      p => params_user
    else
      p => params_saved
    end if
    p%nu_zero = 0.01_r8
    p%alpha = 5.0_r8
    p%expo = 2.0_r8
    if (present(nu_zero)) p%nu_zero = nu_zero
    if (present(alpha)) p%alpha = alpha
    if (present(expo)) p%expo = expo
    p%nu_b = 1.0e-4_r8
    p%kappa_b = 1.0e-5_r8
  end subroutine mix_init_shear

  subroutine mix_coeffs_shear_wrap(col, params_user)
    type(mix_column_t), intent(inout) :: col
    type(mix_shear_params_t), optional, target, intent(in) :: params_user
    call mix_coeffs_shear_low(col%mdiff_iface, col%tdiff_iface, col%rich_iface, col%nlev, params_user)
  end subroutine mix_coeffs_shear_wrap

  subroutine mix_coeffs_shear_low(mdiff, tdiff, rich, nlev, params_user)
    integer, intent(in) :: nlev
    real(r8), dimension(nlev+1), intent(in) :: rich
    real(r8), dimension(nlev+1), intent(inout) :: mdiff, tdiff
    type(mix_shear_params_t), optional, target, intent(in) :: params_user
    type(mix_shear_params_t), pointer :: p
    real(r8) :: denom
    integer :: k
    if (present(params_user)) then
      p => params_user
    else
      p => params_saved
    end if
    do k = 1, nlev + 1
      denom = 1.0_r8 + p%alpha*max(rich(k), 0.0_r8)
      mdiff(k) = p%nu_zero/denom**p%expo + p%nu_b
      tdiff(k) = mdiff(k)/denom + p%kappa_b
    end do
  end subroutine mix_coeffs_shear_low
end module mix_shear

! The ocean model's set-up of the scheme and of a stratified column.
subroutine shear_point(col, params_user)
  use mix_kinds_types, only: r8, mix_column_t
  use mix_shear, only: mix_init_shear, mix_shear_params_t
  implicit none
  type(mix_column_t), intent(inout) :: col
  type(mix_shear_params_t), intent(inout) :: params_user
  call mix_init_shear(params_user, nu_zero=0.02_r8, alpha=4.0_r8)
  col%rich_iface = 0.05_r8 + col%rich_iface
end subroutine shear_point
