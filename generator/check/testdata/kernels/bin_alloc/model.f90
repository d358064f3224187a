! A time loop over allocatable state (allocated before the loop, kept
! by the steps), checkpointed binomially: the snapshots hold the values
! of w and h, size(w) of them; the step calls a relaxation (reversed
! jointly, a call checkpoint of the allocatable too).
subroutine relax(n, w, h)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: w(n), h(n)
  integer :: i
  do i = 2, n - 1
    h(i) = 0.5d0*h(i) + 0.25d0*(w(i - 1) + w(i + 1))*cos(h(i))
  end do
end subroutine relax

subroutine model(n, nt, x, cost)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: cost
  real(8), allocatable :: w(:), h(:), unused(:)
  integer :: it, i
  allocate(w(n), h(0:n - 1))
  w = x
  h = 1
  cost = 0
  do it = 1, nt
    do i = 1, n
      w(i) = w(i) + 0.1d0*sin(w(i))*h(i - 1)
    end do
    call relax(n, w, h)
    h = h*1.01d0 + 0.01d0*w
    if (allocated(unused)) unused = 2*unused
    w = sqrt(w**2 + 0.1d0)
    cost = cost + sum(w**2) + sum(h)
  end do
  cost = cost + sum(w*h)
  deallocate(w, h)
end subroutine model
