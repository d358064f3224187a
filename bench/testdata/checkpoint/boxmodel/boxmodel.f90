! A three-box ocean model in the manner of Stommel (1961): a northern,
! a tropical and a southern surface box exchange heat and salt through an
! overturning flow q driven by the density difference between the polar
! boxes, q = kappa*(rho(1) - rho(3)), with a nonlinear equation of state.
! The boxes relax to seasonal restoring temperatures and salinities, take
! freshwater fluxes and mix with their neighbours. Explicit Euler steps of
! one day.
!
! The physical constants live in module box_params and are set once by
! box_init from the control parameters p; box_step reads fourteen of them
! and writes none. The time loop of box_model calls box_step once a step,
! a checkpointed call: none of the module variables needs a snapshot.
module box_params
  implicit none
  integer, parameter :: nb = 3
  real(8) :: vol(nb), area(nb)       ! box volumes (m^3), surface areas (m^2)
  real(8) :: alpha, beta, gamma      ! thermal expansion, haline contraction, thermobaric term
  real(8) :: kappa                   ! hydraulic constant of the overturning (m^3/s per kg/m^3)
  real(8) :: tau_t, tau_s            ! restoring times (s)
  real(8) :: t_star(nb), s_star(nb)  ! restoring temperature (degC) and salinity (psu)
  real(8) :: fw(nb)                  ! virtual salt fluxes of the freshwater forcing (psu m^3/s)
  real(8) :: mix                     ! exchange between neighbouring boxes (m^3/s)
  real(8) :: season                  ! amplitude of the seasonal cycle (degC)
  real(8) :: dt                      ! time step (s)
end module box_params

! Sets the module's constants from the control parameters: p(1) scales
! the overturning, p(2) the freshwater forcing, p(3) the mixing, p(4) the
! restoring temperature of the northern box.
subroutine box_init(p)
  use box_params
  implicit none
  real(8), intent(in) :: p(4)
  vol(1) = 1.1d17
  vol(2) = 0.4d17
  vol(3) = 0.68d17
  area(1) = 4.6d13
  area(2) = 1.8d13
  area(3) = 2.7d13
  alpha = 1.7d-4
  beta = 0.8d-3
  gamma = 4.0d-6
  kappa = 1.5d10*p(1)
  tau_t = 30.0d0*86400.0d0
  tau_s = 300.0d0*86400.0d0
  t_star(1) = 4.0d0 + p(4)
  t_star(2) = 25.0d0
  t_star(3) = 0.5d0
  s_star(1) = 35.0d0
  s_star(2) = 36.0d0
  s_star(3) = 34.5d0
  fw(1) = -0.2d6*35.0d0*p(2)
  fw(2) = 0.35d6*35.0d0*p(2)
  fw(3) = -0.15d6*35.0d0*p(2)
  mix = 1.0d6*p(3)
  season = 3.0d0
  dt = 86400.0d0
end subroutine box_init

! One day: density, overturning (its direction chosen by its sign),
! advection around the loop 1 -> 2 -> 3 -> 1 (or back), restoring,
! freshwater and mixing. it is the day number.
subroutine box_step(it, t, s)
  use box_params
  implicit none
  integer, intent(in) :: it
  real(8), intent(inout) :: t(nb), s(nb)
  real(8) :: rho(nb), dtdt(nb), dsdt(nb), q, aq, ts, phase
  integer :: i, up
  do i = 1, nb
    rho(i) = -alpha*t(i)*(1.0d0 + gamma*t(i)) + beta*(s(i) - 35.0d0)
  end do
  q = kappa*(rho(1) - rho(3))
  aq = abs(q)
  phase = 6.283185307179586d0*mod(it, 365)/365.0d0
  do i = 1, nb
    if (q >= 0.0d0) then
      up = i - 1
      if (up < 1) up = nb
    else
      up = i + 1
      if (up > nb) up = 1
    end if
    ts = t_star(i) + season*sin(phase + 2.0d0*i)
    dtdt(i) = aq*(t(up) - t(i))/vol(i) + (ts - t(i))/tau_t*area(i)/area(2)
    dsdt(i) = aq*(s(up) - s(i))/vol(i) + (s_star(i) - s(i))/tau_s + fw(i)/vol(i)
  end do
  dtdt(1) = dtdt(1) + mix*(t(2) - t(1))/vol(1)
  dtdt(2) = dtdt(2) + mix*(t(1) + t(3) - 2.0d0*t(2))/vol(2)
  dtdt(3) = dtdt(3) + mix*(t(2) - t(3))/vol(3)
  dsdt(1) = dsdt(1) + mix*(s(2) - s(1))/vol(1)
  dsdt(2) = dsdt(2) + mix*(s(1) + s(3) - 2.0d0*s(2))/vol(2)
  dsdt(3) = dsdt(3) + mix*(s(2) - s(3))/vol(3)
  do i = 1, nb
    t(i) = t(i) + dt*dtdt(i)
    s(i) = s(i) + dt*dsdt(i)
  end do
end subroutine box_step

! nsteps days from the initial state, a reference state plus the
! anomalies x0 = (t', s'); the objective is the
! mean square overturning of the last year plus the final salinity
! contrast (a misfit to observations would look alike).
subroutine box_model(nsteps, p, x0, cost)
  use box_params
  implicit none
  integer, intent(in) :: nsteps
  real(8), intent(in) :: p(4), x0(2*nb)
  real(8), intent(out) :: cost
  real(8), parameter :: t_ref(nb) = [4.0d0, 24.0d0, 1.0d0], s_ref(nb) = [34.8d0, 35.9d0, 34.6d0]
  real(8) :: t(nb), s(nb), q
  integer :: i, it
  call box_init(p)
  do i = 1, nb
    t(i) = t_ref(i) + x0(i)
    s(i) = s_ref(i) + x0(nb+i)
  end do
  cost = 0.0d0
  do it = 1, nsteps
    call box_step(it, t, s)
    if (it > nsteps - 365) then
      q = kappa*(-alpha*(t(1) - t(3)) + beta*(s(1) - s(3)))
      cost = cost + (q*1.0d-6)**2/365.0d0
    end if
  end do
  cost = cost + (s(1) - s(3))**2
end subroutine box_model
