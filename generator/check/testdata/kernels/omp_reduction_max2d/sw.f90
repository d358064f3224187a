! The CFL number of a shallow-water grid, as 2D models compute it: a
! parallel loop over the rows, an inner loop over the columns, the
! gravity-wave speed plus the flow speed in each direction, two updates
! of the max reduction per cell. It enters the cost as a penalty.
subroutine cfl2d(nx, ny, h, u, v, dt, dx, dy, cost, cfl)
  implicit none
  integer, intent(in) :: nx, ny
  real(8), intent(in) :: h(nx, ny), u(nx, ny), v(nx, ny), dt, dx, dy
  real(8), intent(out) :: cost, cfl
  real(8), parameter :: grav = 9.81d0
  integer :: i, j
  real(8) :: c
  cfl = 0.0d0
  cost = 0.0d0
  !$omp parallel do private(i, c) reduction(max:cfl) reduction(+:cost)
  do j = 1, ny
    do i = 1, nx
      c = sqrt(grav * h(i, j))
      cfl = max(cfl, (abs(u(i, j)) + c) * dt / dx)
      cfl = max(cfl, (abs(v(i, j)) + c) * dt / dy)
      cost = cost + 0.5d0 * (u(i, j)**2 + v(i, j)**2) * h(i, j)
    end do
  end do
  !$omp end parallel do
  cost = cost + 100.0d0 * max(0.0d0, cfl - 0.1d0)**2
end subroutine cfl2d
