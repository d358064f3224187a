! (fp_identity_bc) The Jacobi solve of fp_dirichlet written tnew = t;
! update the interior of tnew; t = tnew. The body assigns all of t, but
! the boundary values are its own, copied through tnew: the fixed-point
! map is the identity there, so they are parameters of the loop. The
! marks of t are those of tnew's assignments after the copy (the adjoint
! grew their adjoints without end before: error 1.4).
subroutine bc_run(t, q, n, nt, j)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: t(n)
  real(8), intent(in) :: q(n)
  real(8), intent(out) :: j
  real(8) :: told(n), tnew(n), r, res
  integer :: i, it, step
  r = 0.4d0
  j = 0
  do step = 1, nt
    told = t
    jac: do it = 1, 500
      tnew = t
      do i = 2, n-1
        tnew(i) = (told(i) + 0.1d0*q(i) + r*(t(i-1) + t(i+1)))/(1 + 2*r)
      end do
      res = maxval(abs(tnew(2:n-1) - t(2:n-1)))
      t = tnew
      if (res < 1.0d-14) exit jac
    end do jac
    j = j + sum(t**2)
  end do
end subroutine
