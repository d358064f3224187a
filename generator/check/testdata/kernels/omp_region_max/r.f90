! A parallel region computing the largest wave speed with a max
! reduction on its worksharing loop, then using it in a second one to
! scale the flux (a Rusanov-type dissipation), as region-based models do.
subroutine rusanov(n, u, f, cost)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: u(n)
  real(8), intent(out) :: f(n), cost
  real(8) :: amax
  integer :: i
  amax = 0.0d0
  cost = 0.0d0
  !$omp parallel
  !$omp do reduction(max:amax)
  do i = 1, n
    amax = max(amax, abs(u(i)) + 0.1d0 * u(i)**2)
  end do
  !$omp end do
  !$omp do reduction(+:cost)
  do i = 2, n
    f(i) = 0.5d0 * (u(i)**2 + u(i-1)**2) - 0.5d0 * amax * (u(i) - u(i-1))
    cost = cost + f(i)**2
  end do
  !$omp end do
  !$omp end parallel
  f(1) = 0.0d0
end subroutine rusanov
