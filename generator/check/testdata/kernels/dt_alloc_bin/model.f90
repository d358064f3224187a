! A time loop over ALLOCATABLE variables of a derived type (an array of
! cells and a scalar), checkpointed binomially: the snapshots save them
! component by component.
module m
  implicit none
  type cell
    real(8) :: h, q
  end type
contains
  subroutine run(x, n, cost)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n)
    real(8), intent(out) :: cost
    type(cell), allocatable :: c(:)
    type(cell), allocatable :: d
    integer :: it, i
    allocate(c(n), d)
    c%h = x
    c%q = 0
    d%h = 1
    do it = 1, 6
      do i = 2, n
        c(i)%q = c(i)%q + 0.1d0*c(i-1)%h*c(i)%h
      end do
      c%h = c%h - 0.1d0*c%q**2
      d%h = d%h*c(2)%h
    end do
    cost = sum(c%h) + d%h
  end subroutine
end module
