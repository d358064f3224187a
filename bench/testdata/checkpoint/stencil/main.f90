! Benchmark driver: 256 x 256 grid, 40 steps.
program main
  use, intrinsic :: iso_fortran_env, only: real64
  use bench_timing
  use ckpt_stats
  implicit none
  integer, parameter :: n = 256, nsteps = 40
  real(real64) :: a, a_b, cost, cost_b, t0
  real(real64), allocatable :: q0(:, :), q0_b(:, :), vx(:, :), vy(:, :), w(:, :), tp(:), ta(:)
  integer :: i, j, r, nrep
  nrep = reps(5)
  allocate (q0(n, n), q0_b(n, n), vx(n, n), vy(n, n), w(n, n), tp(nrep), ta(nrep))
  a = 0.5d0
  do j = 1, n
    do i = 1, n
      q0(i, j) = 0.5d0 + 0.25d0*sin(0.05d0*i)*cos(0.07d0*j)
      vx(i, j) = 0.3d0*sin(6.283185307179586d0*j/n)
      vy(i, j) = -0.3d0*sin(6.283185307179586d0*i/n)
      w(i, j) = 1.0d0 + 0.5d0*cos(0.03d0*(i + j))
    end do
  end do
  do r = 1, nrep
    t0 = wtime()
    call stencil(n, nsteps, a, q0, vx, vy, w, cost)
    tp(r) = wtime() - t0
    t0 = wtime()
    call adjoint()
    ta(r) = wtime() - t0
    call stats_check()
  end do
  call report_times('stencil', tp, ta, cost, sqrt(sum(q0_b**2) + a_b**2))
  ! One more adjoint for the memory and traffic statistics.
  call stats_reset()
  call adjoint()
  call stats_check()
  call stats_report()
  call write_grad([reshape(q0_b, [n*n]), a_b])

contains

  subroutine adjoint()
    q0_b = 0.0d0
    a_b = 0.0d0
    cost_b = 1.0d0
    call stencil_b(n, nsteps, a, a_b, q0, q0_b, vx, vy, w, cost, cost_b)
  end subroutine adjoint
end program main
