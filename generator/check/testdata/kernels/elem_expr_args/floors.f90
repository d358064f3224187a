! Elemental limiters referenced with array arguments and active expressions
! (a depth-scaled floor, a scalar floor times a factor), as ocean models
! keep layer thicknesses positive.
module floors
  implicit none
  private
  public :: run
  integer, parameter :: wp = kind(1.0d0)
contains
  elemental function floor_at(x, lo) result(y)
    real(wp), intent(in) :: x, lo
    real(wp) :: y
    y = max(x, lo) + 0.1_wp * lo * x
  end function floor_at

  subroutine run(n, nt, h0, depth, hmin, cost)
    integer, intent(in) :: n, nt
    real(wp), intent(in) :: h0(n), depth(n), hmin
    real(wp), intent(out) :: cost
    real(wp), allocatable :: h(:)
    integer :: it
    allocate(h(n))
    h = h0
    do it = 1, nt
      h = h - 0.3_wp * depth * h**2
      h = floor_at(h, 0.7_wp * depth)
      h = floor_at(h, 2.0_wp * hmin)
    end do
    cost = sum(h**2 * depth)
  end subroutine run
end module floors
