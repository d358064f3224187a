! Benchmark driver: 128 x 128 grid, 3 fields (about 5 x 10^4 unknowns), 20 steps.
program main
  use, intrinsic :: iso_fortran_env, only: real64
  use bench_timing
  use tape_stats
  implicit none
  integer, parameter :: n = 128, nsteps = 20
  real(real64), allocatable :: h0(:, :), hu0(:, :), hv0(:, :), w(:, :)
  real(real64), allocatable :: h0_b(:, :), hu0_b(:, :), hv0_b(:, :)
  real(real64) :: cost, cost_b, t0
  real(real64), allocatable :: tp(:), ta(:)
  integer :: i, j, r, nrep
  nrep = reps(5)
  allocate (tp(nrep), ta(nrep))
  allocate (h0(n, n), hu0(n, n), hv0(n, n), w(n, n), h0_b(n, n), hu0_b(n, n), hv0_b(n, n))
  do j = 1, n
    do i = 1, n
      h0(i, j) = 1.0d0 + 0.1d0*exp(-((i - n/2)**2 + (j - n/3)**2)/50.0d0)
      hu0(i, j) = 0.01d0*sin(0.1d0*j)
      hv0(i, j) = 0.01d0*cos(0.1d0*i)
      w(i, j) = 1.0d0 + 0.1d0*sin(0.05d0*(i - j))
    end do
  end do
  call tape_reset()
  do r = 1, nrep
    t0 = wtime()
    call shallow2d(n, nsteps, h0, hu0, hv0, w, cost)
    tp(r) = wtime() - t0
    h0_b = 0.0d0
    hu0_b = 0.0d0
    hv0_b = 0.0d0
    cost_b = 1.0d0
    t0 = wtime()
    call shallow2d_b(n, nsteps, h0, h0_b, hu0, hu0_b, hv0, hv0_b, w, cost, cost_b)
    ta(r) = wtime() - t0
    call tape_check()
  end do
  call report('shallow2d', tp, ta, tape_peak(), cost, sqrt(sum(h0_b**2) + sum(hu0_b**2) + sum(hv0_b**2)))
  call write_grad([reshape(h0_b, [n*n]), reshape(hu0_b, [n*n]), reshape(hv0_b, [n*n])])
end program main
