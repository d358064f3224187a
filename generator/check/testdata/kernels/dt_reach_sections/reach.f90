! A river reach as a chain of cells: each cell carries its bed depth,
! its water height and a small vertical profile of temperature. The
! bed geometry is a module array of cells set at initialisation; the
! routine routes water and heat down the reach.
module reach_grid
  implicit none
  integer, parameter :: wp = selected_real_kind(12)
  integer, parameter :: nlev = 3
  type cell_t
    real(wp) :: h            ! water height
    real(wp) :: q            ! discharge
    real(wp) :: temp(nlev)   ! temperature profile
  end type
  type bed_t
    real(wp) :: depth
    real(wp) :: rough(2)     ! roughness at the two faces
  end type
  integer, parameter :: ncell = 8
  type(bed_t) :: grid(ncell)
end module reach_grid

module reach_route
  use reach_grid
  implicit none
  private
  public :: route
contains
  subroutine route(cells, n, dt, cost)
    integer, intent(in) :: n
    type(cell_t), intent(inout) :: cells(n)
    real(wp), intent(in) :: dt
    real(wp), intent(out) :: cost
    integer :: i, k
    real(wp) :: flux, slope
    do i = 2, n
      slope = (cells(i-1)%h + grid(i-1)%depth) - (cells(i)%h + grid(i)%depth)
      flux = dt * sign(sqrt(abs(slope) + 1.0e-3_wp), slope) / (grid(i)%rough(1) + grid(i-1)%rough(2))
      cells(i)%q = flux * cells(i-1)%h
      cells(i)%h = cells(i)%h + cells(i)%q
      cells(i-1)%h = cells(i-1)%h - cells(i)%q
      do k = 1, nlev
        cells(i)%temp(k) = (cells(i)%temp(k) * cells(i)%h + flux * cells(i-1)%temp(k)) / (cells(i)%h + flux)
      end do
    end do
    cost = 0
    do i = 1, n
      cost = cost + cells(i)%h**2 + 0.1_wp * sum(cells(i)%temp**2)
    end do
  end subroutine route
end module reach_route
