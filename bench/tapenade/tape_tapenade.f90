! The tape statistics the benchmark drivers print, for Tapenade's adStack.
! adStack keeps its peak in 64 KiB blocks and prints it itself: tape_peak
! calls adStack_showPeakSize (a "Peak stack size (N blocks): B bytes" line
! that compare.sh reads) and returns -1.
module tape_stats
  use, intrinsic :: iso_fortran_env, only: int64
  implicit none
  private
  public :: tape_peak, tape_reset, tape_check

  interface
    subroutine adstack_showpeaksize() bind(c, name='adStack_showPeakSize')
    end subroutine adstack_showpeaksize
    subroutine adstack_showtotaltraffic() bind(c, name='adStack_showTotalTraffic')
    end subroutine adstack_showtotaltraffic
  end interface

contains

  function tape_peak() result(b)
    integer(int64) :: b
    call adstack_showpeaksize()
    call adstack_showtotaltraffic()
    b = -1
  end function tape_peak

  subroutine tape_reset()
  end subroutine tape_reset

  subroutine tape_check()
  end subroutine tape_check
end module tape_stats
