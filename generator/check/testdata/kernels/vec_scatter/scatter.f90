! Vector subscripts on left sides as renumbering and halo codes write
! them: a permutation applied in place (u(perm) = u*...), a column of a
! matrix filled through an index list, and an update in a loop
! u(idx) = u(idx) + ... that the backward sweep restores.
subroutine scatter(u, a, n, cost)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: u(n), a(3, n)
  real(8), intent(out) :: cost
  integer :: perm(n), idx(3), i, it
  do i = 1, n
    perm(i) = n + 1 - i
  end do
  idx = [1, 3, n]
  u(perm) = u*(1 + 0.1d0*u)
  a(2, idx) = a(1, idx)*u(idx)
  do it = 1, 3
    u(idx) = u(idx) + sin(u(idx))*a(3, idx)
  end do
  a([3, 1, 2], 1) = u(1:3)**2
  cost = sum(u**2) + sum(a*a)
end subroutine
