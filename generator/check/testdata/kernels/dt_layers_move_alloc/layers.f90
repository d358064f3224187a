! Profiles of the elements of an array component regridded by
! MOVE_ALLOC(tmp, a%layers(k)%t), one more point each step.
module combos
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  integer, parameter :: nl = 2
  type layer_t
    real(wp), allocatable :: t(:)
    real(wp) :: dz = 1.0_wp
  end type
  type col_t
    type(layer_t) :: layers(nl)
  end type
contains
  subroutine regrid(n, x, cost)
    integer, intent(in) :: n
    real(wp), intent(in) :: x(n)
    real(wp), intent(out) :: cost
    type(col_t) :: a
    real(wp), allocatable :: tmp(:)
    integer :: k, it
    do k = 1, nl
      allocate(a%layers(k)%t(n))
      a%layers(k)%t = x + k
    end do
    do it = 1, 3
      do k = 1, nl
        tmp = [a%layers(k)%t, a%layers(k)%t(size(a%layers(k)%t))*0.5_wp]
        call move_alloc(tmp, a%layers(k)%t)
        a%layers(k)%t = sin(a%layers(k)%t)*a%layers(3-k)%t(1)
      end do
    end do
    cost = sum(a%layers(1)%t**2) + sum(a%layers(2)%t)
  end subroutine
end module
