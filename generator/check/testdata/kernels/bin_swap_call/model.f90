! bin_swap's double buffer with the step in a routine the loop calls
! with the pointers (call advance(n, cur, nxt), explicit-shape dummies):
! a dummy that is not a POINTER cannot associate the actual anew, so the
! snapshots hold the pointers' associations and both buffers by name,
! as for bin_swap; binomial, 3 snapshots, 14 steps.
subroutine advance(n, u, un)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: u(n)
  real(8), intent(out) :: un(n)
  un = u - 0.1d0*u**2 + 0.05d0*[u(2:n), u(1)]
end subroutine

subroutine model(n, nt, x, cost)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: cost
  real(8), target :: a(n), b(n)
  real(8), pointer :: cur(:), nxt(:)
  integer :: it
  a = x
  b = 0
  cur => a
  nxt => b
  cost = 0
  do it = 1, nt
    call advance(n, cur, nxt)
    if (mod(it, 2) == 1) then
      cur => b
      nxt => a
    else
      cur => a
      nxt => b
    end if
    cost = cost + sum(cur**2) + 0.5d0*nxt(1)
  end do
  cost = cost + sum(cur) + sum(a)
end subroutine
