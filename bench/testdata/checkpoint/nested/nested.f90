! A 1-D column of temperature t and salinity s, advected by a velocity
! that the density gradient drives, with diffusion; Heun (RK2) steps.
! The calls nest three deep: the time loop calls step, step calls
! tendency twice (the two stages), tendency calls eos and velocity.
! Every call is checkpointed, so the innermost ones run, and take their
! snapshots, once per enclosing level in the adjoint.
subroutine eos(n, t, s, rho)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: t(n), s(n)
  real(8), intent(out) :: rho(n)
  integer :: i
  do i = 1, n
    rho(i) = -0.17d0*t(i)*(1.0d0 + 0.05d0*t(i)) + 0.8d0*s(i)
  end do
end subroutine eos

subroutine velocity(n, rho, w)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: rho(n)
  real(8), intent(out) :: w(n)
  integer :: i
  w(1) = 0.0d0
  w(n) = 0.0d0
  do i = 2, n - 1
    w(i) = 0.5d0*tanh(rho(i+1) - rho(i-1))
  end do
end subroutine velocity

subroutine tendency(n, kappa, t, s, tt, st)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: kappa, t(n), s(n)
  real(8), intent(out) :: tt(n), st(n)
  real(8) :: rho(n), w(n)
  integer :: i
  call eos(n, t, s, rho)
  call velocity(n, rho, w)
  tt(1) = 0.0d0
  st(1) = 0.0d0
  tt(n) = 0.0d0
  st(n) = 0.0d0
  do i = 2, n - 1
    tt(i) = -w(i)*(t(i+1) - t(i-1)) + kappa*(t(i+1) - 2.0d0*t(i) + t(i-1))
    st(i) = -w(i)*(s(i+1) - s(i-1)) + kappa*(s(i+1) - 2.0d0*s(i) + s(i-1))
  end do
end subroutine tendency

subroutine step(n, dt, kappa, t, s)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: dt, kappa
  real(8), intent(inout) :: t(n), s(n)
  real(8) :: t1(n), s1(n), ts(n), ss(n), t2(n), s2(n)
  integer :: i
  call tendency(n, kappa, t, s, t1, s1)
  do i = 1, n
    ts(i) = t(i) + dt*t1(i)
    ss(i) = s(i) + dt*s1(i)
  end do
  call tendency(n, kappa, ts, ss, t2, s2)
  do i = 1, n
    t(i) = t(i) + 0.5d0*dt*(t1(i) + t2(i))
    s(i) = s(i) + 0.5d0*dt*(s1(i) + s2(i))
  end do
end subroutine step

! nsteps steps from (t0, s0); the objective is the final potential
! energy, the sum of z*rho over the column.
subroutine nested(n, nsteps, kappa, t0, s0, cost)
  implicit none
  integer, intent(in) :: n, nsteps
  real(8), intent(in) :: kappa, t0(n), s0(n)
  real(8), intent(out) :: cost
  real(8), parameter :: dt = 0.1d0
  real(8) :: t(n), s(n), rho(n)
  integer :: i, it
  do i = 1, n
    t(i) = t0(i)
    s(i) = s0(i)
  end do
  do it = 1, nsteps
    call step(n, dt, kappa, t, s)
  end do
  call eos(n, t, s, rho)
  cost = 0.0d0
  do i = 1, n
    cost = cost + (dble(i)/n)*rho(i)
  end do
end subroutine nested
