! Benchmark driver: 400 x 400 dense weights, 20 layers (matmul).
program main
  use, intrinsic :: iso_fortran_env, only: real64
  use bench_timing
  use tape_stats
  implicit none
  integer, parameter :: n = 400, nlayers = 20
  real(real64), allocatable :: wt(:, :), b(:), x0(:), target(:), wt_b(:, :), b_b(:), x0_b(:)
  real(real64) :: cost, cost_b, t0
  real(real64), allocatable :: tp(:), ta(:)
  integer :: i, j, r, nrep
  nrep = reps(5)
  allocate (tp(nrep), ta(nrep))
  allocate (wt(n, n), b(n), x0(n), target(n), wt_b(n, n), b_b(n), x0_b(n))
  do j = 1, n
    do i = 1, n
      wt(i, j) = sin(0.37d0*i + 0.11d0*j)
    end do
    b(j) = 0.1d0*cos(0.2d0*j)
    x0(j) = 0.5d0*sin(0.13d0*j)
    target(j) = 0.3d0*cos(0.17d0*j)
  end do
  call tape_reset()
  do r = 1, nrep
    t0 = wtime()
    call rnn(n, nlayers, wt, b, x0, target, cost)
    tp(r) = wtime() - t0
    wt_b = 0.0d0
    b_b = 0.0d0
    x0_b = 0.0d0
    cost_b = 1.0d0
    t0 = wtime()
    call rnn_b(n, nlayers, wt, wt_b, b, b_b, x0, x0_b, target, cost, cost_b)
    ta(r) = wtime() - t0
    call tape_check()
  end do
  call report('rnn', tp, ta, tape_peak(), cost, sqrt(sum(wt_b**2) + sum(b_b**2) + sum(x0_b**2)))
  call write_grad([reshape(wt_b, [n*n]), b_b, x0_b])
end program main
