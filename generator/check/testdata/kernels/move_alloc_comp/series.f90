! A time series kept in a derived type that grows as models grow their
! arrays: a full buffer is moved out of the component (move_alloc(s%v,
! old)), a larger one allocated, the values copied back, and a smoothed
! copy moved into another component (move_alloc(tmp, s%w)). MOVE_ALLOC
! of a component was rejected in both modes.
module series_mod
  implicit none
  type :: series
    real(8), allocatable :: v(:), w(:)
    integer :: n = 0
  end type series
contains
  subroutine append(s, x)
    type(series), intent(inout) :: s
    real(8), intent(in) :: x
    real(8), allocatable :: old(:), tmp(:)
    if (.not. allocated(s%v)) allocate(s%v(2))
    if (s%n == size(s%v)) then
      call move_alloc(s%v, old)
      allocate(s%v(2*size(old)))
      s%v(1:s%n) = old(1:s%n)
    end if
    s%n = s%n + 1
    s%v(s%n) = x
    allocate(tmp(s%n))
    tmp = 0.5d0*s%v(1:s%n)
    tmp(2:) = tmp(2:) + 0.5d0*s%v(1:s%n-1)
    call move_alloc(tmp, s%w)
  end subroutine append

  subroutine record(n, x, cost)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n)
    real(8), intent(out) :: cost
    type(series) :: s
    integer :: i
    do i = 1, n
      call append(s, x(i)**2 + 0.1d0*sum(s%v(1:s%n)))
    end do
    cost = sum(s%v(1:s%n)**2) + sum(s%w*x(1:size(s%w)))
  end subroutine record
end module series_mod
