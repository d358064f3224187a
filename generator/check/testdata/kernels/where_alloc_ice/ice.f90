! Masked assignments (WHERE) to ALLOCATABLE arrays: a local work array and
! a component of the ice state reached through an ASSOCIATE name.
module ice_thermo
  implicit none
  private
  public :: run, ice_t
  integer, parameter :: wp = kind(1.0d0)

  type :: ice_t
    real(wp), allocatable :: hi(:), ts(:)
    logical, allocatable :: open_water(:)
  end type ice_t
contains
  subroutine grow(ice, tair, dt)
    type(ice_t), intent(inout) :: ice
    real(wp), intent(in) :: tair(:), dt
    real(wp), allocatable :: melt(:)
    allocate(melt(size(tair)))
    melt = dt * (tair - ice%ts)
    where (melt < 0.0_wp) melt = 0.1_wp * melt
    associate(hi => ice%hi, ts => ice%ts)
      hi = hi - melt
      where (ice%open_water)
        hi = 0.0_wp
        ts = tair
      elsewhere
        ts = 0.5_wp * (ts + tair) - 0.1_wp * hi
      end where
    end associate
  end subroutine grow

  subroutine run(n, nt, hi0, tair, cost)
    integer, intent(in) :: n, nt
    real(wp), intent(in) :: hi0(n), tair(n)
    real(wp), intent(out) :: cost
    type(ice_t) :: ice
    integer :: it
    allocate(ice%hi(n), ice%ts(n), ice%open_water(n))
    ice%hi = hi0
    ice%ts = tair
    ice%open_water = hi0 < 0.8_wp
    do it = 1, nt
      call grow(ice, tair, 0.1_wp)
    end do
    cost = sum(ice%hi**2) + sum(ice%ts * ice%hi)
  end subroutine run
end module ice_thermo
