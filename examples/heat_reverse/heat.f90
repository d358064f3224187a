! heat.f90 -- explicit 1-D heat equation with an energy cost: the
! example of fadj's reverse mode (see spec.yaml and ad/heat_b.f90).
subroutine heat(u0, n, nsteps, r, cost)
  implicit none
  integer, intent(in) :: n, nsteps
  real(8), intent(in) :: u0(n), r
  real(8), intent(out) :: cost
  real(8) :: u(n), uold(n)
  integer :: i, k

  u = u0
  do k = 1, nsteps
    uold = u
    do i = 2, n - 1
      u(i) = uold(i) + r * (uold(i-1) - 2.0d0*uold(i) + uold(i+1))
    end do
  end do
  cost = 0.0d0
  do i = 1, n
    cost = cost + 0.5d0 * u(i)**2
  end do
end subroutine heat
