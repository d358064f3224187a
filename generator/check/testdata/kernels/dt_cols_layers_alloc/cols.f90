! Columns of ragged layers: each column's layers an ALLOCATABLE
! component, each layer's profile ALLOCATABLE, set by an INTENT(OUT)
! array dummy.
module basin_lay
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  type layer_t
    real(wp), allocatable :: t(:)
    real(wp) :: dz
  end type
  type col_t
    type(layer_t), allocatable :: layers(:)
    real(wp) :: k
  end type
contains
  subroutine init(cols, x)
    type(col_t), intent(out) :: cols(:)
    real(wp), intent(in) :: x(:)
    integer :: c, l
    do c = 1, size(cols)
      allocate(cols(c)%layers(c + 1))
      cols(c)%k = 0.3_wp*c
      do l = 1, c + 1
        allocate(cols(c)%layers(l)%t(l + 1))
        cols(c)%layers(l)%t = x(l)*c
        cols(c)%layers(l)%dz = 1.0_wp/l
      end do
    end do
  end subroutine
  subroutine step(cols, dt)
    type(col_t), intent(inout) :: cols(:)
    real(wp), intent(in) :: dt
    integer :: c, l
    do c = 1, size(cols)
      do l = 1, size(cols(c)%layers)
        cols(c)%layers(l)%t = cols(c)%layers(l)%t - dt*cols(c)%k*cols(c)%layers(l)%t**2/cols(c)%layers(l)%dz
      end do
    end do
    cols(1)%layers(1)%t(1) = cols(1)%layers(1)%t(1) + dt*cols(2)%layers(3)%t(4)
  end subroutine
  subroutine run(n, nt, x, cost)
    integer, intent(in) :: n, nt
    real(wp), intent(in) :: x(n)
    real(wp), intent(out) :: cost
    type(col_t) :: cols(2)
    integer :: it, c, l
    call init(cols, x)
    do it = 1, nt
      call step(cols, 0.1_wp)
    end do
    cost = 0
    do c = 1, 2
      do l = 1, size(cols(c)%layers)
        cost = cost + sum(cols(c)%layers(l)%t**2)
      end do
    end do
  end subroutine
end module
