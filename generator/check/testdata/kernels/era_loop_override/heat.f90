! A time loop in a callee whose strategy strategy_overrides sets to
! recompute: checkpointed (binomial); the caller stores.
subroutine heat(n, nt, u, j)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(out) :: j
  real(8) :: v(n)
  integer :: i, t
  do t = 1, nt
    do i = 2, n - 1
      v(i) = u(i) + 0.1d0*(u(i-1) - 2*u(i) + u(i+1))*u(i)
    end do
    u(2:n-1) = v(2:n-1)
  end do
  j = sum(u**2)
end subroutine heat
