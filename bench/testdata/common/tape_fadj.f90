! The tape statistics the drivers print, from fadj's runtime. The
! Tapenade comparison links tapenade/tape_tapenade.f90 instead. tape_peak
! also prints the snapshot stacks' peak (checkpointed calls and loops,
! which the tape peak does not count) as a "snap_peak_bytes N" line, for
! tapenade/compare.sh's SNAP_PEAK_B column.
module tape_stats
  use, intrinsic :: iso_fortran_env, only: int64
  use, intrinsic :: iso_fortran_env, only: output_unit
  use fadj_runtime, only: fadj_tape_peak_bytes, fadj_tape_reset, fadj_tape_empty, fadj_snap_peak_bytes
  implicit none
  private
  public :: tape_peak, tape_reset, tape_check

contains

  function tape_peak() result(b)
    integer(int64) :: b
    b = fadj_tape_peak_bytes()
    write (output_unit, '(a,1x,i0)') 'snap_peak_bytes', fadj_snap_peak_bytes()
  end function tape_peak

  subroutine tape_reset()
    call fadj_tape_reset()
  end subroutine tape_reset

  ! Stops if the adjoint left values on the tape.
  subroutine tape_check()
    if (.not. fadj_tape_empty()) error stop 'bench: tape not empty after the adjoint'
  end subroutine tape_check
end module tape_stats
