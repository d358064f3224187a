! Allocatable work arrays as a modern model writes them: a temporary
! allocated and deallocated in each step of a time loop, one allocated
! with lower bound 0 and freed before the end, reallocation on
! assignment, STAT= and allocated() tests.
subroutine relax(u, n, cost)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: u(n)
  real(8), intent(out) :: cost
  real(8), allocatable :: flux(:), halo(:), g(:)
  integer :: i, step, ierr
  allocate(halo(0:n+1), stat=ierr)
  if (ierr /= 0) stop 'no memory'
  do step = 1, 3
    halo(1:n) = u
    halo(0) = u(n)
    halo(n+1) = u(1)
    allocate(flux(n+1))
    do i = 1, n + 1
      flux(i) = 0.1d0*(halo(i) - halo(i-1))*(1 + halo(i)**2)
    end do
    do i = 1, n
      u(i) = u(i) + flux(i+1) - flux(i)
    end do
    deallocate(flux)
  end do
  g = u**2 + halo(1:n)
  deallocate(halo)
  cost = 0
  if (allocated(g)) then
    do i = 1, size(g)
      cost = cost + sin(g(i))
    end do
  end if
  g = [cost, cost*u(1)]
  cost = cost + g(2)*g(1)
end subroutine
