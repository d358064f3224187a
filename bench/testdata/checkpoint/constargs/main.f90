! Benchmark driver: 10^5 cells, 100 steps; dt and nu are named constants,
! as users pass them.
program main
  use, intrinsic :: iso_fortran_env, only: real64
  use bench_timing
  use ckpt_stats
  implicit none
  integer, parameter :: n = 100000, nsteps = 100
  real(real64), parameter :: dt = 0.1d0, nu = 0.2d0
  real(real64) :: cost, cost_b, t0
  real(real64), allocatable :: u0(:), u0_b(:), k(:), k_b(:), tp(:), ta(:)
  integer :: i, r, nrep
  nrep = reps(5)
  allocate (u0(n), u0_b(n), k(n), k_b(n), tp(nrep), ta(nrep))
  do i = 1, n
    u0(i) = 0.5d0 + 0.3d0*sin(0.001d0*i) + 0.1d0*sin(0.37d0*i)
    k(i) = 1.0d0 + 0.5d0*cos(0.002d0*i)
  end do
  do r = 1, nrep
    t0 = wtime()
    call constargs(n, nsteps, dt, nu, u0, k, cost)
    tp(r) = wtime() - t0
    t0 = wtime()
    call adjoint()
    ta(r) = wtime() - t0
    call stats_check()
  end do
  call report_times('constargs', tp, ta, cost, sqrt(sum(u0_b**2) + sum(k_b**2)))
  ! One more adjoint for the memory and traffic statistics.
  call stats_reset()
  call adjoint()
  call stats_check()
  call stats_report()
  call write_grad([u0_b, k_b])

contains

  subroutine adjoint()
    u0_b = 0.0d0
    k_b = 0.0d0
    cost_b = 1.0d0
    call constargs_b(n, nsteps, dt, nu, u0, u0_b, k, k_b, cost, cost_b)
  end subroutine adjoint
end program main
