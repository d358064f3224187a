! (fp_gs_callee_param) Implicit heat equation time steps (binomial
! checkpoints): each step solves (1 + 2r) T_i - r (T_{i-1} + T_{i+1}) =
! T_old_i + dt*q_i by Gauss-Seidel sweeps over the interior, in a split
! callee whose bounds are the module's named constant n, the ends set
! from the forcing before the solve. The marks of the interior after the
! call take n's value (rejected before: "state 't' ... passed to
! 'gs_sweep', which may define only part of it").
module heat_m
  implicit none
  integer, parameter :: n = 8
contains
  subroutine gs_sweep(t, told, q, kap, res)
    real(8), intent(inout) :: t(n)
    real(8), intent(in) :: told(n), q(n), kap(n)
    real(8), intent(out) :: res
    real(8) :: tnew, r
    integer :: i
    res = 0
    do i = 2, n - 1
      r = 0.5d0*(kap(i-1) + kap(i+1))*0.4d0
      tnew = (told(i) + 0.01d0*q(i) + r*(t(i-1) + t(i+1)))/(1 + 2*r)
      res = max(res, abs(tnew - t(i)))
      t(i) = tnew
    end do
  end subroutine gs_sweep

  subroutine run(q, t, tb, nt, cost)
    real(8), intent(in) :: q(n), tb(2)
    real(8), intent(inout) :: t(n)
    integer, intent(in) :: nt
    real(8), intent(out) :: cost
    real(8) :: told(n), kap(n), res
    integer :: step, it
    cost = 0
    do step = 1, nt
      told = t
      t(1) = tb(1)*(1 + 0.1d0*step)
      t(n) = tb(2)
      kap = 1 + 0.1d0*told**2
      gs: do it = 1, 400
        call gs_sweep(t, told, q, kap, res)
        if (res < 1d-15) exit gs
      end do gs
      cost = cost + sum(t**2)/nt
    end do
  end subroutine run
end module heat_m
