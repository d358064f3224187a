! Benchmark driver: 10^5 cells, 2 fields, 50 steps, upwinding by IF on the velocity.
program main
  use, intrinsic :: iso_fortran_env, only: real64
  use bench_timing
  use tape_stats
  implicit none
  integer, parameter :: n = 100000, nsteps = 50
  real(real64), allocatable :: u0(:), q0(:), det(:), u0_b(:), q0_b(:)
  real(real64) :: cost, cost_b, t0
  real(real64), allocatable :: tp(:), ta(:)
  integer :: i, j, r, nrep
  nrep = reps(5)
  allocate (tp(nrep), ta(nrep))
  allocate (u0(n), q0(n), det(n), u0_b(n), q0_b(n))
  do i = 1, n
    u0(i) = 0.8d0*sin(6.283185307179586d0*i/n)
    q0(i) = exp(-((i - n/3)/(0.05d0*n))**2)
    det(i) = merge(1.0d0, 0.0d0, i > n/2 .and. i < 3*n/4)
  end do
  call tape_reset()
  do r = 1, nrep
    t0 = wtime()
    call upwind(n, nsteps, u0, q0, det, cost)
    tp(r) = wtime() - t0
    u0_b = 0.0d0
    q0_b = 0.0d0
    cost_b = 1.0d0
    t0 = wtime()
    call upwind_b(n, nsteps, u0, u0_b, q0, q0_b, det, cost, cost_b)
    ta(r) = wtime() - t0
    call tape_check()
  end do
  call report('upwind', tp, ta, tape_peak(), cost, sqrt(sum(u0_b**2) + sum(q0_b**2)))
  call write_grad([u0_b, q0_b])
end program main
