! A snowpack of layers as an array of a derived type whose temperature
! profile is an ALLOCATABLE component of a different size in each layer:
! allocated in a loop, updated by a routine taking the array
! intent(inout) (twice), read and deallocated layer by layer.
module snowpack
  implicit none
  type layer
    real(8), allocatable :: temp(:)
    real(8) :: cond
  end type
contains
  subroutine melt(ls, nl, dt)
    integer, intent(in) :: nl
    type(layer), intent(inout) :: ls(nl)
    real(8), intent(in) :: dt
    integer :: j, i
    do j = 1, nl
      do i = 2, size(ls(j)%temp)
        ls(j)%temp(i) = ls(j)%temp(i) + dt*ls(j)%cond*(ls(j)%temp(i-1) - ls(j)%temp(i))**2
      end do
    end do
  end subroutine

  subroutine pack(t0, n, nl, dt, cost)
    integer, intent(in) :: n, nl
    real(8), intent(in) :: t0(n), dt
    real(8), intent(out) :: cost
    type(layer) :: ls(nl)
    integer :: j, k
    do j = 1, nl
      allocate(ls(j)%temp(n + j))
      ls(j)%temp(1:n) = t0*j
      ls(j)%temp(n+1:n+j) = t0(1)
      ls(j)%cond = 0.1d0*j
    end do
    do k = 1, 2
      call melt(ls, nl, dt)
    end do
    cost = 0
    do j = 1, nl
      cost = cost + sum(ls(j)%temp**2)
      deallocate(ls(j)%temp)
    end do
  end subroutine
end module
