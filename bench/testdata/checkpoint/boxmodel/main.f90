! Benchmark driver: 109500 daily steps (300 years) of the three-box model.
program main
  use, intrinsic :: iso_fortran_env, only: real64
  use bench_timing
  use ckpt_stats
  implicit none
  integer, parameter :: nsteps = 109500
  real(real64) :: p(4), p_b(4), x0(6), x0_b(6), cost, cost_b, t0
  real(real64), allocatable :: tp(:), ta(:)
  integer :: r, nrep
  nrep = reps(5)
  allocate (tp(nrep), ta(nrep))
  p = [1.0d0, 1.0d0, 1.0d0, 0.0d0]
  x0 = [0.5d0, -0.3d0, 0.2d0, 0.1d0, -0.05d0, 0.02d0]
  do r = 1, nrep
    t0 = wtime()
    call box_model(nsteps, p, x0, cost)
    tp(r) = wtime() - t0
    t0 = wtime()
    call adjoint()
    ta(r) = wtime() - t0
    call stats_check()
  end do
  call report_times('boxmodel', tp, ta, cost, sqrt(sum(p_b**2) + sum(x0_b**2)))
  ! One more adjoint for the memory and traffic statistics.
  call stats_reset()
  call adjoint()
  call stats_check()
  call stats_report()
  call write_grad([x0_b, p_b])

contains

  subroutine adjoint()
    p_b = 0.0d0
    x0_b = 0.0d0
    cost_b = 1.0d0
    call box_model_b(nsteps, p, p_b, x0, x0_b, cost, cost_b)
  end subroutine adjoint
end program main
