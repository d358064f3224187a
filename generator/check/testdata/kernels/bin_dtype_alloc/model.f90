! A time loop over derived-type state with an ALLOCATABLE component the
! steps grow now and then (reallocation on assignment): the snapshots
! hold q%u with its allocation (a flag and its bounds) and q%e.
module dt_alloc
  implicit none
  type state
    real(8), allocatable :: u(:)
    real(8) :: e
  end type state
end module dt_alloc

subroutine model(n, nt, x, cost)
  use dt_alloc
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: cost
  integer :: it
  type(state) :: q
  allocate(q%u(n))
  q%u = x
  q%e = 1
  cost = 0
  do it = 1, nt
    q%u = q%u - 0.1d0*q%u**2*q%e
    q%e = 0.9d0*q%e + 0.01d0*sum(q%u)
    if (mod(it, 4) == 0) q%u = [q%u, 0.5d0*q%u(1)]
    cost = cost + sum(q%u**2)
  end do
  cost = cost + q%e
end subroutine model
