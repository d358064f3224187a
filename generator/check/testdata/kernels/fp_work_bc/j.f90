! (fp_work_bc) A Jacobi solve whose boundary values are set in the work
! array once, before the iteration; the sweep updates the interior only
! and copies the work array back (t = tn). tn's boundary elements are
! parameters of the loop: the adjoints of the intermediates are zeroed
! before each sweep of the adjoint, so the parameters sweep adds theirs
! once (they grew with each adjoint iteration before: dot-product error
! 0.97).
subroutine jac(n, q, t, cost)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: q(n)
  real(8), intent(inout) :: t(n)
  real(8), intent(out) :: cost
  real(8) :: tn(n), r
  integer :: i, it
  tn(1) = t(1)
  tn(n) = t(n)
  sweep: do it = 1, 1000
    do i = 2, n - 1
      tn(i) = (q(i) + 0.4d0*(t(i-1) + t(i+1)))/1.8d0
    end do
    r = maxval(abs(tn - t))
    t = tn
    if (r < 1d-15) exit sweep
  end do sweep
  cost = sum(t**2) + t(1)*t(n)
end subroutine jac
