! A 1-D shallow-water column model as ocean codes write it: the state
! is a derived type with allocatable fields sized at run time, the
! bathymetry a module variable of derived type, the friction an
! allocatable module array.
module swe_state
  implicit none
  private
  public :: state_t, grid_t, grid, fric, step

  type state_t
    integer :: n
    real(8) :: g
    real(8), allocatable :: h(:), u(:)
  end type state_t

  type grid_t
    real(8) :: dx
    real(8), allocatable :: depth(:)
  end type grid_t

  type(grid_t) :: grid
  real(8), allocatable :: fric(:)

contains

  subroutine step(s, dt, nt, cost)
    type(state_t), intent(inout) :: s
    real(8), intent(in) :: dt
    integer, intent(in) :: nt
    real(8), intent(out) :: cost
    real(8), allocatable :: flux(:)
    integer :: i, it

    allocate(flux(0:s%n))
    do it = 1, nt
      flux(0) = 0.0d0
      flux(s%n) = 0.0d0
      do i = 1, s%n - 1
        flux(i) = 0.5d0 * (s%h(i) + s%h(i+1) + grid%depth(i) + grid%depth(i+1)) * 0.5d0 * (s%u(i) + s%u(i+1))
      end do
      do i = 1, s%n
        s%h(i) = s%h(i) - dt / grid%dx * (flux(i) - flux(i-1))
      end do
      do i = 2, s%n - 1
        s%u(i) = s%u(i) - dt * s%g / grid%dx * 0.5d0 * (s%h(i+1) - s%h(i-1)) - dt * fric(i) * s%u(i) * abs(s%u(i))
      end do
    end do
    deallocate(flux)
    cost = 0.5d0 * sum(s%h(2:s%n-1)**2) + 0.5d0 * sum(s%u**2)
  end subroutine step
end module swe_state

! Sets the check point: the fields allocated with the model's own size,
! a smooth bump on a sloping bottom, and a time step well inside the
! stability limit.
subroutine swe_point(s, dt, nt, cost)
  use swe_state
  implicit none
  type(state_t), intent(inout) :: s
  real(8), intent(inout) :: dt
  integer, intent(in) :: nt
  real(8), intent(inout) :: cost
  integer :: i
  if (allocated(s%h)) deallocate(s%h)
  allocate(s%h(s%n))
  do i = 1, s%n
    s%h(i) = 1.0d0 + 0.1d0 * exp(-((i - s%n/2.0d0) / 3.0d0)**2)
  end do
  s%g = 9.81d0
  grid%dx = 1.0d0
  dt = 0.02d0
end subroutine swe_point
