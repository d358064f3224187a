! Local POINTER variables as models use them outside time loops: a view
! of the interior of a state array updated through the pointer (aliasing
! the array it points into), a scalar pointer to an element, NULLIFY and
! ASSOCIATED, a pointer re-associated with a strided section of another
! TARGET, and an ALLOCATE of a pointer work array; in a module (a TARGET
! dummy needs an explicit interface).
module stencil_views
  implicit none
contains
subroutine views(u, n, cost)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout), target :: u(n)
  real(8), intent(out) :: cost
  real(8), pointer :: inner(:), first, work(:)
  real(8), target :: w(n)
  integer :: i
  inner => u(2:n-1)
  first => u(1)
  inner = inner + 0.5d0*u(1:n-2)*u(3:n)
  first = first*u(n) + inner(1)
  w = u**2
  nullify(first)
  if (.not. associated(first)) first => w(n)
  allocate(work(n))
  work = sin(u) + first
  cost = 0
  do i = 1, n - 2
    cost = cost + work(i)*inner(i)
  end do
  cost = cost + first*w(1)
  inner => w(1:n:2)
  inner = inner*u(1)
  cost = cost + sum(inner**2) + sum(w)
end subroutine
end module stencil_views
