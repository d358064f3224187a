! Benchmark driver: MINPACK-2's elastic-plastic torsion, 300 x 300 grid.
program main
  use, intrinsic :: iso_fortran_env, only: real64
  use bench_timing
  use tape_stats
  implicit none
  integer, parameter :: nx = 300, ny = 300
  real(real64), parameter :: c = 5.0d0, pi = 3.141592653589793d0
  real(real64), allocatable :: x(:, :), x_b(:, :)
  real(real64) :: f, f_b, t0, xi, yj
  real(real64), allocatable :: tp(:), ta(:)
  integer :: i, j, r, nrep
  nrep = reps(5)
  allocate (tp(nrep), ta(nrep))
  allocate (x(nx, ny), x_b(nx, ny))
  ! A state elastic in the middle of the bar and plastic near its sides.
  do j = 1, ny
    do i = 1, nx
      xi = real(i, real64)/(nx + 1)
      yj = real(j, real64)/(ny + 1)
      x(i, j) = 0.5d0*sin(pi*xi)*sin(pi*yj) + 0.02d0*sin(7*pi*xi)*sin(5*pi*yj)
    end do
  end do
  call tape_reset()
  do r = 1, nrep
    t0 = wtime()
    call torsion(nx, ny, x, c, f)
    tp(r) = wtime() - t0
    x_b = 0.0d0
    f_b = 1.0d0
    t0 = wtime()
    call torsion_b(nx, ny, x, x_b, c, f, f_b)
    ta(r) = wtime() - t0
    call tape_check()
  end do
  call report('torsion', tp, ta, tape_peak(), f, sqrt(sum(x_b**2)))
  call write_grad(reshape(x_b, [nx*ny]))
end program main
