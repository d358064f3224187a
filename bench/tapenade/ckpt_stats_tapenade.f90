! The statistics of the checkpoint benchmark drivers, for Tapenade's
! adStack: stands in for testdata/checkpoint/common/ckpt_stats_fadj.F90.
! adStack keeps its own counters and prints them (built with
! -D_ADSTACKPROFILE; without it they stay 0): stats_reset and
! stats_report print "Total push/pop traffic B bytes" (cumulative since
! the start: checkpoint.sh takes the difference of the two) and
! stats_report also "Peak stack size (N blocks): B bytes". Tapenade has a
! single stack, for its tape and its snapshots alike; the "key value"
! lines of fadj's statistics are printed as -1 (unknown).
module ckpt_stats
  use, intrinsic :: iso_fortran_env, only: output_unit
  implicit none
  private
  public :: stats_reset, stats_check, stats_report

  interface
    subroutine adstack_showpeaksize() bind(c, name='adStack_showPeakSize')
    end subroutine adstack_showpeaksize
    subroutine adstack_showtotaltraffic() bind(c, name='adStack_showTotalTraffic')
    end subroutine adstack_showtotaltraffic
  end interface

contains

  subroutine stats_reset()
    call adstack_showtotaltraffic()
  end subroutine stats_reset

  subroutine stats_check()
  end subroutine stats_check

  subroutine stats_report()
    call adstack_showpeaksize()
    call adstack_showtotaltraffic()
    write (output_unit, '(a)') 'tape_peak_bytes -1', 'snap_peak_bytes -1', 'memory_peak_bytes -1', &
      'tape_traffic_bytes -1', 'snap_traffic_bytes -1', 'traffic_bytes -1'
    flush (output_unit)
  end subroutine stats_report
end module ckpt_stats
