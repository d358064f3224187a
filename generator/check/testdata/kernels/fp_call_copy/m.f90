! (fp_call_copy) A Jacobi solve whose body calls the sweep: the sweep
! copies the boundary values into its local tn, updates the interior and
! assigns the state whole from tn. The boundary elements map to
! themselves, so the marks after the call are those of tn's interior
! assignments, not the whole array.
module jac
  implicit none
contains
  subroutine sweep(n, t, f)
    integer, intent(in) :: n
    real(8), intent(inout) :: t(n)
    real(8), intent(in) :: f(n)
    real(8) :: tn(n)
    integer :: i
    tn(1) = t(1)
    tn(n) = t(n)
    do i = 2, n - 1
      tn(i) = 0.5d0*(t(i-1) + t(i+1)) + 0.1d0*f(i)
    end do
    t = tn
  end subroutine
  subroutine solve(n, f, tb, t)
    integer, intent(in) :: n
    real(8), intent(in) :: f(n), tb
    real(8), intent(out) :: t(n)
    real(8) :: told(n), err
    integer :: it
    t = 0
    t(1) = tb
    t(n) = 2*tb
    it = 0
    err = 1
    fp: do while (err > 1.0d-14 .and. it < 2000)
      told = t
      call sweep(n, t, f)
      err = maxval(abs(t - told))
      it = it + 1
    end do fp
  end subroutine
end module
