! Cells of an ALLOCATABLE array of types whose profiles grow by one
! point every other step: MOVE_ALLOC(tmp, c(i)%u) in a callee.
module grow
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  type cell_t
    real(wp), allocatable :: u(:)
    real(wp) :: k
  end type
contains
  subroutine add_point(c)
    type(cell_t), intent(inout) :: c(:)
    real(wp), allocatable :: tmp(:)
    integer :: i, n
    do i = 1, size(c)
      n = size(c(i)%u)
      allocate(tmp(n + 1))
      tmp(1:n) = c(i)%u
      tmp(n + 1) = 0.5_wp*c(i)%u(n)
      call move_alloc(tmp, c(i)%u)
    end do
  end subroutine
  subroutine run(nc, nt, x, cost)
    integer, intent(in) :: nc, nt
    real(wp), intent(in) :: x(nc)
    real(wp), intent(out) :: cost
    type(cell_t), allocatable :: cells(:)
    integer :: i, it
    allocate(cells(nc))
    do i = 1, nc
      allocate(cells(i)%u(i))
      cells(i)%u = x(i)
      cells(i)%k = 0.1_wp*i
    end do
    do it = 1, nt
      do i = 1, nc
        cells(i)%u = cells(i)%u + cells(i)%k*sin(cells(i)%u)*x(nc + 1 - i)
      end do
      if (mod(it, 2) == 1) call add_point(cells)
    end do
    cost = 0
    do i = 1, nc
      cost = cost + sum(cells(i)%u**2)
    end do
  end subroutine
end module
