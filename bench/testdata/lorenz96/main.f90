! Benchmark driver: 400 variables, 1000 steps of RK2.
program main
  use, intrinsic :: iso_fortran_env, only: real64
  use bench_timing
  use tape_stats
  implicit none
  integer, parameter :: m = 400, nsteps = 1000
  real(real64) :: f, f_b
  real(real64), allocatable :: x0(:), x0_b(:)
  real(real64) :: cost, cost_b, t0
  real(real64), allocatable :: tp(:), ta(:)
  integer :: i, j, r, nrep
  nrep = reps(5)
  allocate (tp(nrep), ta(nrep))
  allocate (x0(m), x0_b(m))
  f = 3.0d0
  do i = 1, m
    x0(i) = f + 0.01d0*sin(0.3d0*i)
  end do
  call tape_reset()
  do r = 1, nrep
    t0 = wtime()
    call lorenz96(m, nsteps, f, x0, cost)
    tp(r) = wtime() - t0
    x0_b = 0.0d0
    f_b = 0.0d0
    cost_b = 1.0d0
    t0 = wtime()
    call lorenz96_b(m, nsteps, f, f_b, x0, x0_b, cost, cost_b)
    ta(r) = wtime() - t0
    call tape_check()
  end do
  call report('lorenz96', tp, ta, tape_peak(), cost, sqrt(sum(x0_b**2) + f_b**2))
  call write_grad([x0_b, f_b])
end program main
