! A time loop over an array state under strategy recompute: each step
! overwrites u, which earlier steps' adjoints need, so store tapes u every
! step; recompute checkpoints the loop (binomial, 3 snapshots).
subroutine heat(n, nt, u, k, j)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: k
  real(8), intent(out) :: j
  real(8) :: v(n)
  integer :: i, t
  j = 0
  do t = 1, nt
    v(1) = u(1)
    v(n) = u(n)
    do i = 2, n - 1
      v(i) = u(i) + k*(u(i-1) - 2*u(i) + u(i+1)) - 0.05d0*u(i)**3
    end do
    u = v
    j = j + sum(u**2)/nt
  end do
end subroutine heat
