! (fp_jacobi_ends) Jacobi relaxation of a 1-D diffusion problem with
! Neumann ends, the ends handled by branches of the sweep, as many models
! write it. Every branch writes tnew(i), so the sweep writes all of tnew:
! an intermediate of the iteration, not state (rejected before as
! "overwritten by each iteration and carries a value out of it").
subroutine relax(n, q, kap, t, cost)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: q(n), kap
  real(8), intent(out) :: t(n), cost
  real(8) :: tnew(n), res
  integer :: i, it
  t = 0
  jac: do it = 1, 2000
    do i = 1, n
      if (i == 1) then
        tnew(i) = (q(i) + kap*t(i+1))/(1 + 2*kap)
      else if (i == n) then
        tnew(i) = (q(i) + kap*t(i-1))/(1 + 2*kap)
      else
        tnew(i) = (q(i) + kap*(t(i-1) + t(i+1)))/(1 + 2*kap)
      end if
    end do
    res = maxval(abs(tnew - t))
    t = tnew
    if (res < 1d-15) exit jac
  end do jac
  cost = sum(t**2) + t(1)*t(n)
end subroutine relax
