! The memory and traffic statistics of the checkpoint benchmark drivers,
! from fadj's runtime. The runtime is gaining a snapshot stack next to the
! tape; the functions it adds are used only where the runtime module
! defines them: the harness (bench/checkpoint_test.go, bench/tapenade/
! checkpoint.sh) looks for "function <name>" in the generated
! fadj_runtime.f90 and passes -DHAVE_<NAME> for each it finds. Without
! them the statistics are derived from what today's runtime has, or
! reported as -1 (unknown):
!
!   tape_traffic_bytes  pushed + popped on the tape; popped is
!                       fadj_tape_popped_bytes, else pushed - bytes still on it
!   snap_peak_bytes     fadj_snap_peak_bytes, else -1 (no snapshot stack:
!                       snapshots are on the tape, in tape_peak_bytes)
!   snap_traffic_bytes  fadj_snap_pushed_bytes + fadj_snap_popped_bytes,
!                       else 0 without a snapshot stack, -1 with one
!   memory_peak_bytes   fadj_memory_peak_bytes, else the tape peak without
!                       a snapshot stack (everything is on the tape), else -1
!   traffic_bytes       tape + snapshot traffic (-1 if either is unknown)
!
! tapenade/ckpt_stats_tapenade.f90 stands in for this module with Tapenade.
module ckpt_stats
  use, intrinsic :: iso_fortran_env, only: int64, output_unit
  use fadj_runtime, only: fadj_tape_peak_bytes, fadj_tape_reset, fadj_tape_empty, &
    fadj_tape_pushed_bytes, fadj_tape_bytes
#ifdef HAVE_FADJ_TAPE_POPPED_BYTES
  use fadj_runtime, only: fadj_tape_popped_bytes
#endif
#ifdef HAVE_FADJ_SNAP_PEAK_BYTES
  use fadj_runtime, only: fadj_snap_peak_bytes
#endif
#ifdef HAVE_FADJ_SNAP_PUSHED_BYTES
  use fadj_runtime, only: fadj_snap_pushed_bytes
#endif
#ifdef HAVE_FADJ_SNAP_POPPED_BYTES
  use fadj_runtime, only: fadj_snap_popped_bytes
#endif
#ifdef HAVE_FADJ_MEMORY_PEAK_BYTES
  use fadj_runtime, only: fadj_memory_peak_bytes
#endif
#ifdef HAVE_FADJ_SNAP_RESET
  use fadj_runtime, only: fadj_snap_reset
#endif
  implicit none
  private
  public :: stats_reset, stats_check, stats_report

contains

  ! Zeroes the statistics (and frees the stacks) before a measured adjoint.
  subroutine stats_reset()
    call fadj_tape_reset()
#ifdef HAVE_FADJ_SNAP_RESET
    call fadj_snap_reset()
#endif
  end subroutine stats_reset

  ! Stops if the adjoint left values on the tape or the snapshot stack.
  subroutine stats_check()
    if (.not. fadj_tape_empty()) error stop 'bench: tape not empty after the adjoint'
#if defined(HAVE_FADJ_SNAP_PUSHED_BYTES) && defined(HAVE_FADJ_SNAP_POPPED_BYTES)
    if (fadj_snap_pushed_bytes() /= fadj_snap_popped_bytes()) &
      error stop 'bench: snapshot stack not empty after the adjoint'
#endif
  end subroutine stats_check

  ! Prints the statistics since the last stats_reset as "key value" lines.
  subroutine stats_report()
    integer(int64) :: tape_peak, tape_traffic, snap_peak, snap_traffic, mem_peak, traffic
    logical :: snap_stack
    snap_stack = .false.
    tape_peak = fadj_tape_peak_bytes()
#ifdef HAVE_FADJ_TAPE_POPPED_BYTES
    tape_traffic = fadj_tape_pushed_bytes() + fadj_tape_popped_bytes()
#else
    tape_traffic = 2 * fadj_tape_pushed_bytes() - fadj_tape_bytes()
#endif
    snap_peak = -1
    snap_traffic = 0
#ifdef HAVE_FADJ_SNAP_PEAK_BYTES
    snap_stack = .true.
    snap_peak = fadj_snap_peak_bytes()
#endif
#if defined(HAVE_FADJ_SNAP_PUSHED_BYTES) && defined(HAVE_FADJ_SNAP_POPPED_BYTES)
    snap_stack = .true.
    snap_traffic = fadj_snap_pushed_bytes() + fadj_snap_popped_bytes()
#else
    if (snap_stack) snap_traffic = -1
#endif
#ifdef HAVE_FADJ_MEMORY_PEAK_BYTES
    mem_peak = fadj_memory_peak_bytes()
#else
    mem_peak = tape_peak
    if (snap_stack) mem_peak = -1
#endif
    traffic = tape_traffic + snap_traffic
    if (snap_traffic < 0) traffic = -1
    write (output_unit, '(a,1x,i0)') 'tape_peak_bytes', tape_peak
    write (output_unit, '(a,1x,i0)') 'snap_peak_bytes', snap_peak
    write (output_unit, '(a,1x,i0)') 'memory_peak_bytes', mem_peak
    write (output_unit, '(a,1x,i0)') 'tape_traffic_bytes', tape_traffic
    write (output_unit, '(a,1x,i0)') 'snap_traffic_bytes', snap_traffic
    write (output_unit, '(a,1x,i0)') 'traffic_bytes', traffic
    flush (output_unit)
  end subroutine stats_report
end module ckpt_stats
