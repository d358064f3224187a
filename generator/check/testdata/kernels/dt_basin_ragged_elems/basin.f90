! A basin of columns of layers, each layer's profile ALLOCATABLE with
! its own length (ragged: b%cols(c)%lay(l)%t(nz(l))), two levels of
! array components; allocated in a setup routine, deallocated at the end.
! The columns are also copied into an ALLOCATABLE array of columns.
module basin_ragged
  implicit none
  integer, parameter :: wp = kind(1.d0)
  integer, parameter :: nl = 3, nc = 2
  type layer_t
    real(wp), allocatable :: t(:)
    real(wp) :: h
  end type
  type column_t
    type(layer_t) :: lay(nl)
    real(wp) :: k
  end type
  type basin_t
    type(column_t) :: cols(nc)
  end type
contains
  subroutine basin_init(b, x, kk)
    type(basin_t), intent(out) :: b
    real(wp), intent(in) :: x(:), kk
    integer :: c, l, nz
    do c = 1, nc
      b%cols(c)%k = kk*c
      do l = 1, nl
        nz = size(x) - l + 1
        allocate(b%cols(c)%lay(l)%t(nz))
        b%cols(c)%lay(l)%t = x(l:)*c
        b%cols(c)%lay(l)%h = 1.0_wp/l
      end do
    end do
  end subroutine

  subroutine basin_free(b)
    type(basin_t), intent(inout) :: b
    integer :: c, l
    do c = 1, nc
      do l = 1, nl
        deallocate(b%cols(c)%lay(l)%t)
      end do
    end do
  end subroutine

  subroutine col_step(col, dt)
    type(column_t), intent(inout) :: col
    real(wp), intent(in) :: dt
    integer :: l, i
    do l = 1, nl
      do i = 1, size(col%lay(l)%t)
        col%lay(l)%t(i) = col%lay(l)%t(i)*(1 - dt*col%k*col%lay(l)%t(i)*col%lay(l)%h)
      end do
    end do
    do l = 2, nl
      col%lay(l)%t(1) = col%lay(l)%t(1) + dt*col%lay(l-1)%t(size(col%lay(l-1)%t))
    end do
  end subroutine

  subroutine step(b, dt)
    type(basin_t), intent(inout) :: b
    real(wp), intent(in) :: dt
    integer :: c
    do c = 1, nc
      call col_step(b%cols(c), dt)
    end do
    b%cols(1)%lay(1)%t(1) = b%cols(1)%lay(1)%t(1) + dt*b%cols(nc)%lay(nl)%t(1)
  end subroutine

  subroutine run_basin(n, nt, x, kk, cost)
    integer, intent(in) :: n, nt
    real(wp), intent(in) :: x(n), kk
    real(wp), intent(out) :: cost
    type(basin_t) :: b
    integer :: it, c, l
    call basin_init(b, x, kk)
    do it = 1, nt
      call step(b, 0.1_wp)
    end do
    cost = 0
    do c = 1, nc
      do l = 1, nl
        cost = cost + sum(b%cols(c)%lay(l)%t**2)
      end do
    end do
    call basin_free(b)
  end subroutine
end module
