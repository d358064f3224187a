! Column physics reading its tunable coefficients from a parameters
! module, as atmosphere models hold them: each column of the parallel
! loop calls the boundary-layer drag and vertical mixing of its own
! column, u(:, j) and v(:, j), with the drag coefficient cd and the
! roughness z0 of module phys_params (which the spec makes independents,
! as a parameter estimation does) and the mixing rate kmix passed down.
! A second parallel loop damps the top level with cd directly.
module phys_params
  implicit none
  real(8) :: cd = 1.2d-3
  real(8) :: z0 = 0.1d0
end module phys_params

module boundary_layer
  use phys_params, only: cd, z0
  implicit none
contains
  subroutine bl_column(nz, dz, u, v, kmix)
    integer, intent(in) :: nz
    real(8), intent(in) :: dz(nz), kmix
    real(8), intent(inout) :: u(nz), v(nz)
    integer :: k
    real(8) :: speed, cdn, flux
    ! Surface drag on the lowest level, from a neutral log law.
    speed = sqrt(u(1)**2 + v(1)**2 + 0.01d0)
    cdn = cd * (1.0d0 + log(1.0d0 + dz(1) / z0))
    u(1) = u(1) - cdn * speed * u(1) / dz(1)
    v(1) = v(1) - cdn * speed * v(1) / dz(1)
    ! Down-gradient mixing between levels, in place.
    do k = 2, nz
      flux = kmix * (u(k) - u(k - 1)) / dz(k)
      u(k - 1) = u(k - 1) + flux
      u(k) = u(k) - flux
      flux = kmix * (v(k) - v(k - 1)) / dz(k)
      v(k - 1) = v(k - 1) + flux
      v(k) = v(k) - flux
    end do
  end subroutine bl_column
end module boundary_layer

subroutine physics_step(nz, ncol, dz, u, v, kmix)
  use boundary_layer
  implicit none
  integer, intent(in) :: nz, ncol
  real(8), intent(in) :: dz(nz), kmix
  real(8), intent(inout) :: u(nz, ncol), v(nz, ncol)
  integer :: j
  !$omp parallel do schedule(static)
  do j = 1, ncol
    call bl_column(nz, dz, u(:, j), v(:, j), kmix)
  end do
  !$omp end parallel do
  !$omp parallel do
  do j = 1, ncol
    u(nz, j) = u(nz, j) * (1.0d0 - cd * u(nz, j))
  end do
  !$omp end parallel do
end subroutine physics_step
