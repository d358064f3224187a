! A column model: the temperature of nz layers, mixed by diffusion and
! relaxed towards a forcing profile, stepped by explicit Euler.
module column
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer, parameter :: nz = 20
  real(dp), parameter :: dz = 1.0_dp/nz
  real(dp) :: kappa = 1.0e-3_dp   ! diffusivity
  real(dp) :: gamma = 0.1_dp      ! relaxation rate
contains
  ! One step; stable for dt*kappa/dz**2 <= 1/2.
  subroutine step(t, forcing, dt)
    real(dp), intent(inout) :: t(nz)
    real(dp), intent(in) :: forcing(nz), dt
    real(dp) :: flux(nz + 1)
    integer :: k
    flux = 0
    do k = 2, nz
      flux(k) = kappa*(t(k) - t(k - 1))/dz
    end do
    do k = 1, nz
      t(k) = t(k) + dt*((flux(k + 1) - flux(k))/dz + gamma*(forcing(k) - t(k)))
    end do
  end subroutine step

  ! Runs nsteps steps from t0 and returns the misfit to observations.
  subroutine run(t0, forcing, tobs, nsteps, dt, cost)
    real(dp), intent(in) :: t0(nz), forcing(nz), tobs(nz), dt
    integer, intent(in) :: nsteps
    real(dp), intent(out) :: cost
    real(dp) :: t(nz)
    integer :: n
    t = t0
    do n = 1, nsteps
      call step(t, forcing, dt)
    end do
    cost = 0.5_dp*sum((t - tobs)**2)
  end subroutine run
end module column
