! (fp_mid_exit_calls) Time steps (binomial checkpoints) each solved by a
! defect-correction iteration: the residual routine, the convergence
! test, the damped update routine, in a DO without control. The CALLs
! cannot appear twice, so the exit is rotated to the end with a flag
! (if (.not. fadj_fpf) call update(...); call resid(...); fadj_fpf =
! .false.; if (res < tol) exit); rejected before ("EXIT leaves an
! iteration before its end").
module dc_m
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

  subroutine update(u, r)
    real(8), intent(inout) :: u(n)
    real(8), intent(in) :: r(n)
    u = u + 0.8d0*r
  end subroutine update

  subroutine steps(q, u, nt, cost)
    real(8), intent(in) :: q(n)
    real(8), intent(inout) :: u(n)
    integer, intent(in) :: nt
    real(8), intent(out) :: cost
    real(8) :: uold(n), r(n), res
    integer :: step
    cost = 0
    do step = 1, nt
      uold = u
      dc: do
        call resid(u, uold, q, r, res)
        if (res < 1d-15) exit dc
        call update(u, r)
      end do dc
      cost = cost + sum(u**2) + sum(q*u)
    end do
  end subroutine steps
end module dc_m
