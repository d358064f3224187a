! Benchmark driver: 100 x 100 grid, Gauss-Seidel sweeps in a DO WHILE (at most 100).
program main
  use, intrinsic :: iso_fortran_env, only: real64
  use bench_timing
  use tape_stats
  implicit none
  integer, parameter :: n = 100, maxit = 100
  real(real64), allocatable :: f(:, :), f_b(:, :)
  real(real64) :: cost, cost_b, t0
  real(real64), allocatable :: tp(:), ta(:)
  integer :: i, j, r, nrep
  nrep = reps(5)
  allocate (tp(nrep), ta(nrep))
  allocate (f(n, n), f_b(n, n))
  do j = 1, n
    do i = 1, n
      f(i, j) = 10.0d0 + 50.0d0*sin(0.05d0*i)*sin(0.08d0*j)
    end do
  end do
  call tape_reset()
  do r = 1, nrep
    t0 = wtime()
    call poisson(n, maxit, f, cost)
    tp(r) = wtime() - t0
    f_b = 0.0d0
    cost_b = 1.0d0
    t0 = wtime()
    call poisson_b(n, maxit, f, f_b, cost, cost_b)
    ta(r) = wtime() - t0
    call tape_check()
  end do
  call report('poisson', tp, ta, tape_peak(), cost, sqrt(sum(f_b**2)))
  call write_grad([reshape(f_b, [n*n])])
end program main
