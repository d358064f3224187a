! Benchmark driver: 20000 levels, 40 steps.
program main
  use, intrinsic :: iso_fortran_env, only: real64
  use bench_timing
  use ckpt_stats
  implicit none
  integer, parameter :: n = 20000, nsteps = 40
  real(real64) :: kappa, kappa_b, cost, cost_b, t0
  real(real64), allocatable :: ti(:), ti_b(:), si(:), si_b(:), tp(:), ta(:)
  integer :: i, r, nrep
  nrep = reps(5)
  allocate (ti(n), ti_b(n), si(n), si_b(n), tp(nrep), ta(nrep))
  kappa = 0.2d0
  do i = 1, n
    ti(i) = 10.0d0 + 5.0d0*cos(3.0d0*i/n) + 0.5d0*sin(0.05d0*i)
    si(i) = 35.0d0 + 0.5d0*sin(2.0d0*i/n) + 0.1d0*cos(0.07d0*i)
  end do
  do r = 1, nrep
    t0 = wtime()
    call nested(n, nsteps, kappa, ti, si, cost)
    tp(r) = wtime() - t0
    t0 = wtime()
    call adjoint()
    ta(r) = wtime() - t0
    call stats_check()
  end do
  call report_times('nested', tp, ta, cost, sqrt(sum(ti_b**2) + sum(si_b**2) + kappa_b**2))
  ! One more adjoint for the memory and traffic statistics.
  call stats_reset()
  call adjoint()
  call stats_check()
  call stats_report()
  call write_grad([ti_b, si_b, kappa_b])

contains

  subroutine adjoint()
    ti_b = 0.0d0
    si_b = 0.0d0
    kappa_b = 0.0d0
    cost_b = 1.0d0
    call nested_b(n, nsteps, kappa, kappa_b, ti, ti_b, si, si_b, cost, cost_b)
  end subroutine adjoint
end program main
