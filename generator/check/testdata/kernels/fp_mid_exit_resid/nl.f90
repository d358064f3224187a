! (fp_mid_exit_resid) Time steps (binomial checkpoints) each solved by a damped
! defect correction in a counted DO (do it = 1, 300): the residual routine
! (a split callee), the convergence test, the damped update as an
! assignment. The CALL cannot appear twice: the exit is rotated to the
! end with a flag, the update run once more after the loop when its
! control ended it (rejected before: "EXIT leaves an iteration before
! its end"). The count is added to the cost.
module dc2_m
  implicit none
  integer, parameter :: n = 6
contains
  subroutine resid(u, uold, q, r, res)
    real(8), intent(in) :: u(n), uold(n), q(n)
    real(8), intent(out) :: r(n), res
    integer :: i
    do i = 1, n
      r(i) = 0.3d0*uold(i) + 0.2d0*cos(u(i)) + 0.1d0*q(i) - u(i)
    end do
    res = maxval(abs(r))
  end subroutine resid

  subroutine steps(q, u, nt, cost)
    real(8), intent(in) :: q(n)
    real(8), intent(inout) :: u(n)
    integer, intent(in) :: nt
    real(8), intent(out) :: cost
    real(8) :: uold(n), r(n), res
    integer :: step, it
    cost = 0
    do step = 1, nt
      uold = u
      dc: do it = 1, 300
        call resid(u, uold, q, r, res)
        if (res < 1d-15) exit dc
        u = u + 0.8d0*r
      end do dc
      cost = cost + sum(u**2) + sum(q*u) + it*1d-3
    end do
  end subroutine steps
end module dc2_m
