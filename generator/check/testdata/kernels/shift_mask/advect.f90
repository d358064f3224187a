! A periodic 1-D tracer moved by whole cells each step (cshift by a shift
! the step computes from the wind, and overwrites next step), with a
! cost summed over the cells a land-sea mask marks wet, the mask itself
! changing (a moving ice edge). The adjoint reads each step's shift and
! mask: they must be those of the step, not the last ones.
subroutine advect(n, nt, wind, ice, q, cost)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(in) :: wind(nt)
  real(8), intent(inout) :: ice(n)
  real(8), intent(inout) :: q(n)
  real(8), intent(out) :: cost
  integer :: it, k
  cost = 0
  do it = 1, nt
    k = nint(2*wind(it))
    q = 0.9d0*cshift(q, k) + 0.1d0*q**2
    cost = cost + sum(q**2, mask=ice < 0.5d0)
    ice = min(1.0d0, ice + 0.15d0)
  end do
  cost = cost + sum(cshift(q, k)*q)
end subroutine advect
