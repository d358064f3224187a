! Benchmark driver: MINPACK-2's optimal design with composites, 300 x 300 grid.
program main
  use, intrinsic :: iso_fortran_env, only: real64
  use bench_timing
  use tape_stats
  implicit none
  integer, parameter :: nx = 300, ny = 300
  real(real64), parameter :: lambda = 0.008d0, pi = 3.141592653589793d0
  real(real64), allocatable :: x(:, :), x_b(:, :)
  real(real64) :: f, f_b, t0, xi, yj
  real(real64), allocatable :: tp(:), ta(:)
  integer :: i, j, r, nrep
  nrep = reps(5)
  allocate (tp(nrep), ta(nrep))
  allocate (x(nx, ny), x_b(nx, ny))
  ! A state whose gradient takes all three pieces of the integrand.
  do j = 1, ny
    do i = 1, nx
      xi = real(i, real64)/(nx + 1)
      yj = real(j, real64)/(ny + 1)
      x(i, j) = 0.08d0*sin(pi*xi)*sin(pi*yj) + 0.01d0*sin(7*pi*xi)*sin(5*pi*yj)
    end do
  end do
  call tape_reset()
  do r = 1, nrep
    t0 = wtime()
    call odc(nx, ny, x, lambda, f)
    tp(r) = wtime() - t0
    x_b = 0.0d0
    f_b = 1.0d0
    t0 = wtime()
    call odc_b(nx, ny, x, x_b, lambda, f, f_b)
    ta(r) = wtime() - t0
    call tape_check()
  end do
  call report('odc', tp, ta, tape_peak(), f, sqrt(sum(x_b**2)))
  call write_grad(reshape(x_b, [nx*ny]))
end program main
