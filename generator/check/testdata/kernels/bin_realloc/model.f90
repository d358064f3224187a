! A time loop whose steps change the allocation of arrays the snapshots
! hold: a work array allocated and freed in each step, of a size that
! changes with the step, and a state array reallocated by assignment to
! that size. The snapshots hold their allocation too (a flag and the
! bounds on the i4 snapshot stack), which a restore sets again.
subroutine model(n, nt, x, cost)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: x(n)
  real(8), intent(out) :: cost
  integer :: it, m, k
  real(8), allocatable :: w(:), tail(:)
  cost = 0
  tail = x(1:2)
  do it = 1, nt
    m = 2 + mod(it, 3)
    allocate(w(m))
    w = 0.5d0
    k = min(m, size(tail))
    w(1:k) = w(1:k) + 0.1d0*tail(1:k)
    x = x + 0.05d0*sin(x)*sum(w)/m
    tail = x(1:m)*w
    cost = cost + sum(tail**2)
    deallocate(w)
  end do
  cost = cost + sum(tail)
end subroutine
