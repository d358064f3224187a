! A basin of columns of layers: arrays of types two levels deep
! (b%cols(c)%lay(l)%t(:)).
module basin
  implicit none
  integer, parameter :: wp = kind(1.d0)
  integer, parameter :: nl = 2, nz = 3, nc = 2
  type layer_t
    real(wp) :: t(nz)
  end type
  type column_t
    type(layer_t) :: lay(nl)
    real(wp) :: k
  end type
  type basin_t
    type(column_t) :: cols(nc)
  end type
contains
  subroutine step(b, dt)
    type(basin_t), intent(inout) :: b
    real(wp), intent(in) :: dt
    integer :: c, l
    do c = 1, nc
      do l = 1, nl
        b%cols(c)%lay(l)%t = b%cols(c)%lay(l)%t*(1 - dt*b%cols(c)%k*b%cols(c)%lay(l)%t)
      end do
    end do
    b%cols(1)%lay(1)%t(1) = b%cols(1)%lay(1)%t(1) + dt*b%cols(nc)%lay(nl)%t(nz)
  end subroutine
  subroutine run_basin(nt, x, kk, cost)
    integer, intent(in) :: nt
    real(wp), intent(in) :: x(nz, nl, nc), kk
    real(wp), intent(out) :: cost
    type(basin_t) :: b
    integer :: it, c, l
    do c = 1, nc
      b%cols(c)%k = kk*c
      do l = 1, nl
        b%cols(c)%lay(l)%t = x(:, l, c)
      end do
    end do
    do it = 1, nt
      call step(b, 0.1_wp)
    end do
    cost = 0
    do c = 1, nc
      do l = 1, nl
        cost = cost + sum(b%cols(c)%lay(l)%t**2)
      end do
    end do
  end subroutine
end module
