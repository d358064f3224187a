! The gradient of the column model's misfit, from its adjoint.
program gradient
  use column
  use column_b, only: run_b, kappa_b, gamma_b
  implicit none
  integer, parameter :: nsteps = 200
  real(dp), parameter :: dt = 0.5_dp, h = 1.0e-6_dp
  real(dp) :: t0(nz), forcing(nz), tobs(nz), t0_b(nz), cost, cost_b, cp, cm
  integer :: k
  do k = 1, nz
    t0(k) = 10 + 5*cos(3.14159265358979_dp*(k - 0.5_dp)/nz)
  end do
  forcing = 12
  tobs = 11
  ! The adjoint adds to the adjoints of the independents: start them at
  ! zero. Seed the adjoint of the cost with 1 to get its gradient.
  t0_b = 0
  kappa_b = 0
  gamma_b = 0
  cost_b = 1
  call run_b(t0, t0_b, forcing, tobs, nsteps, dt, cost, cost_b)
  print '(a, es13.6)', 'cost          ', cost
  print '(a, es13.6)', 'dcost/dkappa  ', kappa_b
  print '(a, es13.6)', 'dcost/dgamma  ', gamma_b
  print '(a, es13.6)', 'dcost/dt0(1)  ', t0_b(1)
  ! dcost/dgamma again, by central differences.
  gamma = gamma + h
  call run(t0, forcing, tobs, nsteps, dt, cp)
  gamma = gamma - 2*h
  call run(t0, forcing, tobs, nsteps, dt, cm)
  gamma = gamma + h
  print '(a, es13.6)', 'by differences', (cp - cm)/(2*h)
end program gradient
