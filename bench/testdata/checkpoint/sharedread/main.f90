! Benchmark driver: 200 x 200 grid, 50 steps of four calls each.
program main
  use, intrinsic :: iso_fortran_env, only: real64
  use bench_timing
  use ckpt_stats
  implicit none
  integer, parameter :: n = 200, nsteps = 50
  real(real64) :: a, a_b, cost, cost_b, t0
  real(real64), allocatable :: u0(:, :), u0_b(:, :), w(:, :), tp(:), ta(:)
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
  do r = 1, nrep
    t0 = wtime()
    call sharedread(n, nsteps, a, u0, w, cost)
    tp(r) = wtime() - t0
    t0 = wtime()
    call adjoint()
    ta(r) = wtime() - t0
    call stats_check()
  end do
  call report_times('sharedread', tp, ta, cost, sqrt(sum(u0_b**2) + a_b**2))
  ! One more adjoint for the memory and traffic statistics.
  call stats_reset()
  call adjoint()
  call stats_check()
  call stats_report()
  call write_grad([reshape(u0_b, [n*n]), a_b])

contains

  subroutine adjoint()
    u0_b = 0.0d0
    a_b = 0.0d0
    cost_b = 1.0d0
    call sharedread_b(n, nsteps, a, a_b, u0, u0_b, w, cost, cost_b)
  end subroutine adjoint
end program main
