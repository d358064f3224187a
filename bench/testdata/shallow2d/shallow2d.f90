! 2-D shallow-water equations in conservative form (h, hu, hv) on an
! n x n grid, Lax-Friedrichs steps of the nonlinear fluxes, reflecting
! walls held fixed. The objective is the potential energy of the final
! state plus the kinetic energy, weighted by w.
subroutine shallow2d(n, nsteps, h0, hu0, hv0, w, cost)
  implicit none
  integer, intent(in) :: n, nsteps
  real(8), intent(in) :: h0(n, n), hu0(n, n), hv0(n, n), w(n, n)
  real(8), intent(out) :: cost
  real(8), parameter :: g = 9.81d0, c = 0.02d0
  real(8) :: h(n, n), hu(n, n), hv(n, n), hn(n, n), hun(n, n), hvn(n, n)
  real(8) :: fe, fw, gn, gs
  integer :: i, j, step
  h = h0
  hu = hu0
  hv = hv0
  hn = h
  hun = hu
  hvn = hv
  do step = 1, nsteps
    do j = 2, n - 1
      do i = 2, n - 1
        hn(i, j) = 0.25d0*(h(i+1, j) + h(i-1, j) + h(i, j+1) + h(i, j-1)) &
          - c*(hu(i+1, j) - hu(i-1, j)) - c*(hv(i, j+1) - hv(i, j-1))
        fe = hu(i+1, j)**2/h(i+1, j) + 0.5d0*g*h(i+1, j)**2
        fw = hu(i-1, j)**2/h(i-1, j) + 0.5d0*g*h(i-1, j)**2
        gn = hu(i, j+1)*hv(i, j+1)/h(i, j+1)
        gs = hu(i, j-1)*hv(i, j-1)/h(i, j-1)
        hun(i, j) = 0.25d0*(hu(i+1, j) + hu(i-1, j) + hu(i, j+1) + hu(i, j-1)) &
          - c*(fe - fw) - c*(gn - gs)
        fe = hu(i+1, j)*hv(i+1, j)/h(i+1, j)
        fw = hu(i-1, j)*hv(i-1, j)/h(i-1, j)
        gn = hv(i, j+1)**2/h(i, j+1) + 0.5d0*g*h(i, j+1)**2
        gs = hv(i, j-1)**2/h(i, j-1) + 0.5d0*g*h(i, j-1)**2
        hvn(i, j) = 0.25d0*(hv(i+1, j) + hv(i-1, j) + hv(i, j+1) + hv(i, j-1)) &
          - c*(fe - fw) - c*(gn - gs)
      end do
    end do
    h = hn
    hu = hun
    hv = hvn
  end do
  cost = 0.0d0
  do j = 1, n
    do i = 1, n
      cost = cost + w(i, j)*(0.5d0*g*h(i, j)**2 + 0.5d0*(hu(i, j)**2 + hv(i, j)**2)/h(i, j))
    end do
  end do
end subroutine shallow2d
