! The cost of a step adds a penalty on the CFL number, the largest
! |u| + c over the grid times dt/dx, found by a max reduction, and on the
! smallest cell crossing time, found by a min reduction, as explicit
! models compute their time-step diagnostics.
subroutine cfl_cost(n, u, c, dt, dx, cost, cfl, tmin)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: u(n), c(n), dt, dx
  real(8), intent(out) :: cost, cfl, tmin
  integer :: i
  real(8) :: s, ke
  cfl = 0.0d0
  tmin = huge(tmin)
  ke = 0.0d0
  !$omp parallel do private(s) reduction(max:cfl) reduction(min:tmin) reduction(+:ke)
  do i = 1, n
    s = abs(u(i)) + c(i)
    cfl = max(cfl, s * dt / dx)
    if (c(i) > 0.0d0) tmin = min(dx / s, tmin)
    ke = ke + 0.5d0 * u(i)**2
  end do
  !$omp end parallel do
  cost = ke + 10.0d0 * cfl**2 + tmin
end subroutine cfl_cost
