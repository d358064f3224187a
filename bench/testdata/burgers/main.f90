! Benchmark driver: 20000 cells, 100 steps.
program main
  use, intrinsic :: iso_fortran_env, only: real64
  use bench_timing
  use tape_stats
  implicit none
  integer, parameter :: n = 20000, nsteps = 100
  real(real64) :: nu, nu_b
  real(real64), allocatable :: u0(:), u0_b(:), obs(:)
  real(real64) :: cost, cost_b, t0
  real(real64), allocatable :: tp(:), ta(:)
  integer :: i, j, r, nrep
  nrep = reps(5)
  allocate (tp(nrep), ta(nrep))
  allocate (u0(n), u0_b(n), obs(n))
  nu = 0.5d0
  do i = 1, n
    u0(i) = 0.5d0 + 0.4d0*sin(6.283185307179586d0*i/n)
    obs(i) = 0.5d0 + 0.3d0*cos(6.283185307179586d0*i/n)
  end do
  call tape_reset()
  do r = 1, nrep
    t0 = wtime()
    call burgers(n, nsteps, nu, u0, obs, cost)
    tp(r) = wtime() - t0
    u0_b = 0.0d0
    nu_b = 0.0d0
    cost_b = 1.0d0
    t0 = wtime()
    call burgers_b(n, nsteps, nu, nu_b, u0, u0_b, obs, cost, cost_b)
    ta(r) = wtime() - t0
    call tape_check()
  end do
  call report('burgers', tp, ta, tape_peak(), cost, sqrt(sum(u0_b**2) + nu_b**2))
  call write_grad([u0_b, nu_b])
end program main
