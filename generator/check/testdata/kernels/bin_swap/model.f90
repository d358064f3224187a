! Binomial (3 snapshots, 14 steps) of a time loop over a double buffer:
! the steps compute the new level into the buffer nxt points to, then
! exchange the buffers (cur => b; nxt => a, and back), as explicit time
! loops avoid copying the state. The snapshots hold both buffers by
! name and the association of each pointer (the number of a pointer
! statement of the routine), restored with the pointers' adjoints.
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
    nxt = cur - 0.1d0*cur**2 + 0.05d0*[cur(2:n), cur(1)]
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
