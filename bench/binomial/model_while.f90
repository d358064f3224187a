! The DO WHILE variant of model.f90: the same steps, the time loop
! written `do while (t < tend)`, so that its trip count is known only
! when it ends and fadj places its snapshots online. tend is half a step
! short of nt*dt, so that rounding in t cannot add or drop a step: it
! runs the nt steps of model.f90, and the two give the same gradient.
subroutine model(n, nt, u, nu, dt, cost)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: nu, dt
  real(8), intent(out) :: cost
  real(8) :: f(n), r(n), t, tend
  cost = 0
  t = 0
  tend = (nt - 0.5d0)*dt
  time: do while (t < tend)
    r = u - u**3
    where (abs(u) > 1.5d0) r = 0
    f = nu*([u(n), u(1:n-1)] - 2*u + [u(2:n), u(1)])
    u = u + dt*(f + r)
    cost = cost + dt*sum(u**2)
    t = t + dt
  end do time
end subroutine model
