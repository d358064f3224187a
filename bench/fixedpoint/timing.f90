! Timing and reporting for the fixed-point benchmark drivers: processor
! time (the machine is shared), medians over repetitions.
module fpbench
  use, intrinsic :: iso_fortran_env, only: real64, int64
  use fadj_runtime
  implicit none
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
    write (*, '(a, 1x, i0)') 'tape_peak', fadj_tape_peak_bytes()
    write (*, '(a, 1x, i0)') 'snap_peak', fadj_snap_peak_bytes()
    write (*, '(a, 1x, i0)') 'fp_solves', fadj_fp_solves()
    write (*, '(a, 1x, i0)') 'fp_last_iters', fadj_fp_iterations()
    write (*, '(a, 1x, l1)') 'fp_converged', fadj_fp_converged()
    write (*, '(a, 1x, es22.15)') 'grad_norm', g
    if (.not. fadj_tape_empty()) error stop 'tape not empty'
  end subroutine report
end module fpbench
