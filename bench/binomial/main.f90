! Driver of bench/binomial: n = 10,000 unknowns, nt steps (the first
! argument, default 10,000); the primal, then the
! adjoint (cost_b = 1), reps times each; medians of processor time, the
! peak bytes of tapes and snapshots, the binomial statistics. With the
! snapshot count as second argument it prints the binomial optimum
! t(steps, snapshots) too. The gradient (u_b, then nu_b) goes to grad.txt.
program main
  use, intrinsic :: iso_fortran_env, only: real64, int64
  use fadj_runtime
  implicit none
  integer, parameter :: reps = 3
  integer :: n, nt
  real(8), allocatable :: u(:), u0(:), u_b(:)
  real(8) :: nu, nu_b, dt, cost, cost_b, tp(reps), ta(reps), t0, t1
  integer :: i, r, snaps
  integer(int64) :: steps
  character(32) :: arg
  n = 10000
  nt = 10000
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) nt
  end if
  snaps = 0
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg)
    read (arg, *) snaps
  end if
  allocate(u(n), u0(n), u_b(n))
  do i = 1, n
    u0(i) = 0.8d0*sin(6.283185307179586d0*i/n) + 0.1d0*cos(37.0d0*i/n)
  end do
  nu = 0.2d0
  dt = 0.05d0
  call fadj_reset_all()
  call fadj_binomial_reset()
  do r = 1, reps
    u = u0
    call cpu_time(t0); call model(n, nt, u, nu, dt, cost); call cpu_time(t1); tp(r) = t1 - t0
    u = u0; u_b = 0; nu_b = 0; cost_b = 1
    call cpu_time(t0); call model_b(n, nt, u, u_b, nu, nu_b, dt, cost, cost_b); call cpu_time(t1); ta(r) = t1 - t0
  end do
  write (*, '(a, 1x, es12.5)') 'primal_s', median(tp)
  write (*, '(a, 1x, es12.5)') 'adjoint_s', median(ta)
  write (*, '(a, 1x, f10.3)') 'ratio', median(ta)/median(tp)
  write (*, '(a, 1x, i0)') 'tape_peak', fadj_tape_peak_bytes()
  write (*, '(a, 1x, i0)') 'snap_peak', fadj_snap_peak_bytes()
  write (*, '(a, 1x, i0)') 'memory_peak', fadj_memory_peak_bytes()
  steps = fadj_binomial_steps()/reps
  write (*, '(a, 1x, i0)') 'steps', steps
  write (*, '(a, 1x, i0)') 'advances', fadj_binomial_advances()/reps
  write (*, '(a, 1x, i0)') 'snapshots_taken', fadj_binomial_snapshots()/reps
  write (*, '(a, 1x, i0)') 'moved', fadj_binomial_moved()/reps
  if (snaps > 0) write (*, '(a, 1x, i0)') 'optimum', fadj_binomial_optimum(int(steps), snaps)
  write (*, '(a, 1x, es22.15)') 'cost', cost
  write (*, '(a, 1x, es22.15)') 'grad_norm', sqrt(sum(u_b**2) + nu_b**2)
  write (*, '(a, 1x, es22.15)') 'nu_b', nu_b
  call fadj_binomial_stats()
  open (newunit=i, file='grad.txt', status='replace', action='write')
  write (i, '(es25.17)') u_b, nu_b
  close (i)
  if (.not. fadj_tape_empty()) error stop 'tape not empty'
  if (.not. fadj_snap_empty()) error stop 'snapshot stack not empty'
contains
  function median(a) result(m)
    real(8), intent(in) :: a(:)
    real(8) :: m, b(size(a)), x
    integer :: i, j
    b = a
    do i = 2, size(b)
      x = b(i)
      j = i - 1
      do while (j >= 1)
        if (b(j) <= x) exit
        b(j + 1) = b(j)
        j = j - 1
      end do
      b(j + 1) = x
    end do
    m = b((size(b) + 1)/2)
  end function median
end program main
