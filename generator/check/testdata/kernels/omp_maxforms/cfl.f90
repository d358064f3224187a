! The largest signal speeds of a shallow-water step, as models compute
! their CFL numbers: the wave speeds u +- c in a max reduction of three
! arguments, m = max(m, a, b), and the largest advective speed written
! by hand, a max update in an !$omp critical section; both scale the
! step's tendency.
subroutine cfl_step(n, u, h, dx, du, cmax, amax)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: u(n), h(n), dx
  real(8), intent(out) :: du(n), cmax, amax
  integer :: i
  real(8) :: c, a
  cmax = 0.0d0
  !$omp parallel do private(c) reduction(max:cmax)
  do i = 1, n
    c = sqrt(9.81d0 * h(i))
    cmax = max(cmax, abs(u(i) + c) / dx, abs(u(i) - c) / dx)
  end do
  !$omp end parallel do
  amax = 0.0d0
  !$omp parallel do private(a)
  do i = 1, n
    a = abs(u(i)) / dx
    du(i) = -u(i) * h(i) / dx
    !$omp critical
    amax = max(amax, a)
    !$omp end critical
  end do
  !$omp end parallel do
  du = du / (cmax + amax)
end subroutine cfl_step
