! Two time loops; strategy_regions recomputes the one in BLOCK hot,
! which is checkpointed (binomial); the other is stored.
subroutine heatreg(n, nt, u, j)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(out) :: j
  integer :: t
  do t = 1, nt
    u = u + 0.1d0*sin(u)
  end do
  hot: block
    do t = 1, nt
      u = u - 0.1d0*u*cos(u)
    end do
  end block hot
  j = sum(u**2)
end subroutine heatreg
