module nest_mod
  implicit none
  real(8) :: c = 0.3d0
contains
  real(8) function g(x)
    real(8), intent(in) :: x
    g = c*sin(x)
  end function g
end module nest_mod

subroutine solve(p, x)
  use nest_mod
  implicit none
  real(8), intent(in) :: p
  real(8), intent(out) :: x
  real(8) :: y, xo, yo
  integer :: i, j
  x = 0d0
  y = 0d0
  outer: do i = 1, 200
    xo = x
    inner: do j = 1, 200
      yo = y
      y = 0.5d0*g(y) + 0.1d0*x
      if (abs(y - yo) < 1d-15) exit inner
    end do inner
    x = 0.4d0*sin(x) + p + y
    if (abs(x - xo) < 1d-15) exit outer
  end do outer
  x = x + 0.1d0*y
end subroutine solve
