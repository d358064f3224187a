! Nonlinear 2-D heat equation (conductivity 1 + a*u**2), explicit Euler
! steps of a 5-point stencil on an n x n grid with zero boundary values.
! The objective is the energy of the final state weighted by w.
subroutine heat2d(n, nsteps, a, u0, w, cost)
  implicit none
  integer, intent(in) :: n, nsteps
  real(8), intent(in) :: a
  real(8), intent(in) :: u0(n, n), w(n, n)
  real(8), intent(out) :: cost
  real(8) :: u(0:n+1, 0:n+1), unew(0:n+1, 0:n+1)
  real(8), parameter :: dt = 0.1d0
  real(8) :: k, lap
  integer :: i, j, step
  u = 0.0d0
  do j = 1, n
    do i = 1, n
      u(i, j) = u0(i, j)
    end do
  end do
  unew = u
  do step = 1, nsteps
    do j = 1, n
      do i = 1, n
        k = 1.0d0 + a*u(i, j)**2
        lap = u(i+1, j) + u(i-1, j) + u(i, j+1) + u(i, j-1) - 4.0d0*u(i, j)
        unew(i, j) = u(i, j) + dt*k*lap
      end do
    end do
    u = unew
  end do
  cost = 0.0d0
  do j = 1, n
    do i = 1, n
      cost = cost + 0.5d0*w(i, j)*u(i, j)**2
    end do
  end do
end subroutine heat2d
