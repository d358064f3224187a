! Viscous Burgers equation u_t + (u**2/2)_x = nu*u_xx on a periodic grid
! of n cells, MacCormack predictor-corrector steps with a nonlinear flux.
! The objective is the misfit of the final state to the observations obs.
subroutine burgers(n, nsteps, nu, u0, obs, cost)
  implicit none
  integer, intent(in) :: n, nsteps
  real(8), intent(in) :: nu, u0(n), obs(n)
  real(8), intent(out) :: cost
  real(8), parameter :: c = 0.2d0, d = 0.05d0
  real(8) :: u(0:n+1), up(0:n+1), f(0:n+1)
  integer :: i, step
  do i = 1, n
    u(i) = u0(i)
  end do
  do step = 1, nsteps
    u(0) = u(n)
    u(n+1) = u(1)
    do i = 0, n + 1
      f(i) = 0.5d0*u(i)**2
    end do
    do i = 1, n
      up(i) = u(i) - c*(f(i+1) - f(i)) + d*nu*(u(i+1) - 2.0d0*u(i) + u(i-1))
    end do
    up(0) = up(n)
    up(n+1) = up(1)
    do i = 0, n + 1
      f(i) = 0.5d0*up(i)**2
    end do
    do i = 1, n
      u(i) = 0.5d0*(u(i) + up(i) - c*(f(i) - f(i-1)) + d*nu*(up(i+1) - 2.0d0*up(i) + up(i-1)))
    end do
  end do
  cost = 0.0d0
  do i = 1, n
    cost = cost + 0.5d0*(u(i) - obs(i))**2
  end do
end subroutine burgers
