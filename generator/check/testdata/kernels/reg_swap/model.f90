! A checkpointed BLOCK region whose statements associate a pointer
! anew (cur => a before it, cur => b inside), the code after it reading
! through the pointer: the snapshot holds a and b by name and cur's
! association; after the region's plain run in the forward sweep, cur's
! number and cur_b are synced with cur (the region's plain run moves cur
! only), for the adjoint of the code after it.
subroutine run(t0, n, cost)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: t0(n)
  real(8), intent(out) :: cost
  real(8), target :: a(n), b(n)
  real(8), pointer :: cur(:)
  a = t0
  b = 2*t0
  cur => a
  stage: block
    cur = cur - 0.1d0*cur**2
    cur => b
    cur = cur*a
  end block stage
  cost = sum(cur) + sum(a)
end subroutine run
