! A column regridded by a whole assignment of a scratch array of layers
! (col%layers = tmp), each layer with an ALLOCATABLE profile.
module regrid_whole
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  type layer_t
    real(wp), allocatable :: t(:)
    real(wp) :: dz
  end type
  type col_t
    type(layer_t), allocatable :: layers(:)
  end type
contains
  subroutine add_layer(col)
    type(col_t), intent(inout) :: col
    type(layer_t), allocatable :: tmp(:)
    integer :: n, k
    n = size(col%layers)
    allocate(tmp(n + 1))
    do k = 1, n
      tmp(k + 1)%t = col%layers(k)%t
      tmp(k + 1)%dz = col%layers(k)%dz
    end do
    tmp(1)%t = 0.5_wp*col%layers(1)%t(1:1)
    tmp(1)%dz = 0.1_wp
    col%layers = tmp
  end subroutine
  function col_sum(col) result(s)
    type(col_t), intent(in) :: col
    real(wp) :: s
    integer :: k
    s = 0
    do k = 1, size(col%layers)
      s = s + sum(col%layers(k)%t**2)*col%layers(k)%dz
    end do
  end function
  subroutine run(n, nt, x, cost)
    integer, intent(in) :: n, nt
    real(wp), intent(in) :: x(n)
    real(wp), intent(out) :: cost
    type(col_t) :: col
    integer :: k, it
    allocate(col%layers(2))
    do k = 1, 2
      col%layers(k)%t = x(k:)
      col%layers(k)%dz = 1.0_wp*k
    end do
    do it = 1, nt
      do k = 1, size(col%layers)
        col%layers(k)%t = col%layers(k)%t + 0.1_wp*cos(col%layers(k)%t)
      end do
      call add_layer(col)
    end do
    cost = col_sum(col)
  end subroutine
end module
