! A mixed-layer column in the F90 style of the 1990s: the state is a
! record of POINTER arrays allocated at initialisation, the forcing a
! module POINTER array, the work column a POINTER dummy the caller
! allocates.
module column_state
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type column_t
    integer :: nz = 0
    real(dp), pointer :: temp(:) => null()
    real(dp), pointer :: salt(:) => null()
    real(dp) :: kappa = 0.1_dp
  end type
  real(dp), pointer :: heat_flux(:) => null()
end module column_state

module column_step
  use column_state
  implicit none
contains
  subroutine diffuse(col, work, nsteps, cost)
    type(column_t), intent(inout) :: col
    real(dp), pointer, intent(inout) :: work(:)
    integer, intent(in) :: nsteps
    real(dp), intent(out) :: cost
    integer :: k, it, nz
    real(dp) :: rho
    nz = size(col%temp)
    do it = 1, nsteps
      work = col%temp
      do k = 2, nz - 1
        col%temp(k) = work(k) + col%kappa * (work(k+1) - 2.0_dp*work(k) + work(k-1))
      end do
      col%temp(1) = work(1) + heat_flux(it) * 0.01_dp
      col%salt = col%salt * (1.0_dp - 0.05_dp * exp(-col%temp))
    end do
    cost = 0
    do k = 1, nz
      rho = 1000.0_dp - 0.2_dp * col%temp(k) + 0.8_dp * col%salt(k)
      cost = cost + rho**2 * 1.0e-6_dp
    end do
  end subroutine diffuse
end module column_step
