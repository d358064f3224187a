! The fpbench module of the drivers, for Tapenade's adjoints: the same
! timing, the tape peak printed by adStack (adStack_showPeakSize, in
! 64 KiB blocks, from a build with -D_ADSTACKPROFILE); no fixed-point
! statistics (Tapenade's adjoint loop keeps none).
module fpbench
  use, intrinsic :: iso_fortran_env, only: real64, int64
  implicit none
  interface
    subroutine adstack_showpeaksize() bind(c, name='adStack_showPeakSize')
    end subroutine adstack_showpeaksize
  end interface
contains
  function now() result(t)
    real(real64) :: t
    call cpu_time(t)
  end function now

  function median(a) result(m)
    real(real64), intent(in) :: a(:)
    real(real64) :: m, b(size(a)), x
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

  subroutine report(name, tp, ta, g)
    character(*), intent(in) :: name
    real(real64), intent(in) :: tp(:), ta(:), g
    write (*, '(a, 1x, a)') 'kernel', name
    write (*, '(a, 1x, es12.5)') 'primal_s', median(tp)
    write (*, '(a, 1x, es12.5)') 'adjoint_s', median(ta)
    write (*, '(a, 1x, f10.3)') 'ratio', median(ta)/median(tp)
    write (*, '(a, 1x, es22.15)') 'grad_norm', g
    call adstack_showpeaksize()
  end subroutine report
end module fpbench
