! Pointer work arrays as older F90 models use them (before allocatable
! dummies and components): a POINTER scratch array allocated, filled
! from the state, read, and deallocated, then allocated again with
! another size for a second stage; a scalar pointer allocated and freed;
! a branch on ASSOCIATED after the deallocation.
module scratch_pool
  implicit none
contains
subroutine smooth(u, n, cost)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: u(n)
  real(8), intent(out) :: cost
  real(8), pointer :: work(:), acc
  integer :: i
  nullify(work, acc)
  allocate(work(n))
  work = u**2
  do i = 2, n - 1
    u(i) = u(i) + 0.25d0*(work(i-1) - 2.0d0*work(i) + work(i+1))
  end do
  cost = sum(work*u)
  deallocate(work)
  allocate(acc)
  acc = sum(sin(u))
  cost = cost + acc**2
  deallocate(acc)
  if (.not. associated(work)) then
    allocate(work(2*n))
    work(1:n) = u
    work(n+1:2*n) = u*cost
    cost = cost + sum(work**2)/n
    deallocate(work)
  end if
end subroutine
end module scratch_pool
