! Benchmark driver: 20000 cells, 100 implicit steps (Thomas algorithm).
program main
  use, intrinsic :: iso_fortran_env, only: real64
  use bench_timing
  use tape_stats
  implicit none
  integer, parameter :: n = 20000, nsteps = 100
  real(real64) :: d, rr
  real(real64), allocatable :: u0(:), u0_b(:)
  real(real64) :: cost, cost_b, t0
  real(real64), allocatable :: tp(:), ta(:)
  integer :: i, r, nrep
  nrep = reps(5)
  allocate (tp(nrep), ta(nrep))
  allocate (u0(n), u0_b(n))
  d = 2.0d0
  rr = 1.0d0
  do i = 1, n
    u0(i) = 0.5d0*exp(-((i - n/4)/(0.02d0*n))**2)
  end do
  call tape_reset()
  do r = 1, nrep
    t0 = wtime()
    call fisher(n, nsteps, d, rr, u0, cost)
    tp(r) = wtime() - t0
    u0_b = 0.0d0
    cost_b = 1.0d0
    t0 = wtime()
    call fisher_b(n, nsteps, d, rr, u0, u0_b, cost, cost_b)
    ta(r) = wtime() - t0
    call tape_check()
  end do
  call report('fisher', tp, ta, tape_peak(), cost, sqrt(sum(u0_b**2)))
  call write_grad(u0_b)
end program main
