! A time loop as models write it: besides the state, each step updates
! things only the forward run wants (a running misfit cost, the largest
! speed seen, a count of clipped cells, a step counter) and reads a
! scale computed before the loop from the same variable it then
! accumulates into. Binomially checkpointed, its backward sweep runs
! the steps again without what no adjoint reads.
subroutine model(n, nt, u, obs, kappa, cost, umax, nclip)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: obs(n), kappa
  real(8), intent(out) :: cost, umax
  integer, intent(out) :: nclip
  real(8) :: flux(0:n), scale, total, dt
  integer :: it, i, nsteps
  dt = 0.1d0
  total = sum(u)
  scale = total/n
  cost = 0
  umax = 0
  nclip = 0
  nsteps = 0
  time: do it = 1, nt
    flux(0) = 0
    flux(n) = 0
    do i = 1, n - 1
      flux(i) = kappa*(u(i + 1) - u(i))
    end do
    do i = 1, n
      u(i) = u(i) + dt*(flux(i) - flux(i - 1)) - 0.01d0*dt*u(i)**3
      if (u(i) > 2) then
        u(i) = 2
        nclip = nclip + 1
      end if
    end do
    total = total + sum(u)
    umax = max(umax, maxval(abs(u)))
    nsteps = nsteps + 1
    cost = cost + 0.5d0*sum((u - obs)**2)
  end do time
  cost = cost/nsteps + scale*total/nt
end subroutine model
