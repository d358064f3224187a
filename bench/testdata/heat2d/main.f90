! Benchmark driver: 316 x 316 grid (about 10^5 unknowns), 20 steps.
program main
  use, intrinsic :: iso_fortran_env, only: real64
  use bench_timing
  use tape_stats
  implicit none
  integer, parameter :: n = 316, nsteps = 20
  real(real64) :: a, a_b, cost, cost_b
  real(real64), allocatable :: u0(:, :), u0_b(:, :), w(:, :), tp(:), ta(:)
  real(real64) :: t0
  integer :: i, j, r, nrep
  nrep = reps(5)
  allocate (u0(n, n), u0_b(n, n), w(n, n), tp(nrep), ta(nrep))
  a = 0.5d0
  do j = 1, n
    do i = 1, n
      u0(i, j) = 0.5d0 + 0.25d0*sin(0.05d0*i)*cos(0.07d0*j)
      w(i, j) = 1.0d0 + 0.5d0*cos(0.03d0*(i + j))
    end do
  end do
  call tape_reset()
  do r = 1, nrep
    t0 = wtime()
    call heat2d(n, nsteps, a, u0, w, cost)
    tp(r) = wtime() - t0
    u0_b = 0.0d0
    a_b = 0.0d0
    cost_b = 1.0d0
    t0 = wtime()
    call heat2d_b(n, nsteps, a, a_b, u0, u0_b, w, cost, cost_b)
    ta(r) = wtime() - t0
    call tape_check()
  end do
  call report('heat2d', tp, ta, tape_peak(), cost, sqrt(sum(u0_b**2) + a_b**2))
  call write_grad([reshape(u0_b, [n*n]), a_b])
end program main
