! (fp_forall_interior) fp_dirichlet with a FORALL statement: implicit heat steps with Dirichlet boundaries held by the solve: Jacobi
! updates only the interior points: the boundary values are parameters
! of the loop, their adjoints passed through each adjoint iteration.
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
      do i = 2, n-1
        tnew(i) = (told(i) + 0.1d0*q(i) + r*(t(i-1) + t(i+1)))/(1 + 2*r)
      end do
      res = maxval(abs(tnew(2:n-1) - t(2:n-1)))
      forall (i = 2:n-1) t(i) = tnew(i)
      if (res < 1.0d-14) exit jac
    end do jac
    j = j + sum(t**2)
  end do
end subroutine
