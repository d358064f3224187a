! Timing and reporting helpers shared by the benchmark drivers. Each driver
! alternates primal and adjoint runs (so that both see the same machine
! load) and prints "key value" lines that bench_test.go and
! tapenade/compare.sh read.
module bench_timing
  use, intrinsic :: iso_fortran_env, only: int64, real64, output_unit
  implicit none
  private
  public :: wtime, reps, report, report_times, write_grad

contains

  ! Processor time of this process in seconds (not wall-clock time: on a
  ! shared, loaded machine time slices given to other processes would
  ! otherwise count).
  function wtime() result(t)
    real(real64) :: t
    call cpu_time(t)
  end function wtime

  ! The number of repetitions: the first command-line argument, else def.
  function reps(def) result(n)
    integer, intent(in) :: def
    integer :: n, stat
    character(len=32) :: arg
    n = def
    call get_command_argument(1, arg, status=stat)
    if (stat == 0 .and. len_trim(arg) > 0) read (arg, *) n
  end function reps

  ! Prints the medians of the primal and adjoint times, their ratio, the
  ! tape peak, the objective and the gradient's 2-norm.
  subroutine report(name, tp, ta, peak, cost, gnorm)
    character(len=*), intent(in) :: name
    real(real64), intent(inout) :: tp(:), ta(:)
    integer(int64), intent(in) :: peak
    real(real64), intent(in) :: cost, gnorm
    call report_times(name, tp, ta, cost, gnorm)
    write (output_unit, '(a,1x,i0)') 'tape_peak_bytes', peak
    flush (output_unit)
  end subroutine report

  ! Prints what report does but the tape peak: the checkpoint drivers
  ! print their memory statistics with ckpt_stats.
  subroutine report_times(name, tp, ta, cost, gnorm)
    character(len=*), intent(in) :: name
    real(real64), intent(inout) :: tp(:), ta(:)
    real(real64), intent(in) :: cost, gnorm
    real(real64) :: mp, ma
    mp = median(tp)
    ma = median(ta)
    write (output_unit, '(a,1x,a)') 'kernel', name
    write (output_unit, '(a,1x,i0)') 'reps', size(tp)
    write (output_unit, '(a,1x,es12.5)') 'primal_s', mp
    write (output_unit, '(a,1x,es12.5)') 'adjoint_s', ma
    write (output_unit, '(a,1x,f10.4)') 'ratio', ma / mp
    write (output_unit, '(a,1x,es24.16)') 'cost', cost
    write (output_unit, '(a,1x,es24.16)') 'grad_norm', gnorm
    flush (output_unit)
  end subroutine report_times

  ! Writes g to grad.txt, one value a line, for comparisons between tools.
  subroutine write_grad(g)
    real(real64), intent(in) :: g(:)
    integer :: u, i
    open (newunit=u, file='grad.txt', status='replace', action='write')
    do i = 1, size(g)
      write (u, '(es25.16e3)') g(i)
    end do
    close (u)
  end subroutine write_grad

  ! The median of t (sorted in place).
  function median(t) result(m)
    real(real64), intent(inout) :: t(:)
    real(real64) :: m, x
    integer :: i, j, n
    n = size(t)
    do i = 2, n
      x = t(i)
      j = i - 1
      do while (j >= 1)
        if (t(j) <= x) exit
        t(j + 1) = t(j)
        j = j - 1
      end do
      t(j + 1) = x
    end do
    if (mod(n, 2) == 1) then
      m = t((n + 1) / 2)
    else
      m = 0.5d0 * (t(n / 2) + t(n / 2 + 1))
    end if
  end function median
end module bench_timing
