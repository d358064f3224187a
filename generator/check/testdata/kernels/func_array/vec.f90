! Functions returning arrays, as vector libraries write them: a RESULT
! array of the argument's size, a function named as its result, filled
! element by element; referenced as a whole right side, nested
! (smooth(scaled(y, n), n)) inside an update in a loop, and under sum and
! maxval. Reverse mode hoists each reference into an allocatable
! temporary; tangent mode evaluates it, then calls f_d with the shapes.
module vecops
  implicit none
contains
  function scaled(x, n) result(r)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n)
    real(8) :: r(n)
    r = 0.5d0*x**2 + sin(x)
  end function

  function smooth(a, n)
    integer, intent(in) :: n
    real(8), intent(in) :: a(n)
    real(8) :: smooth(n)
    integer :: i
    smooth(1) = a(1)
    smooth(n) = a(n)
    do i = 2, n - 1
      smooth(i) = 0.25d0*a(i-1) + 0.5d0*a(i)*a(i) + 0.25d0*a(i+1)
    end do
  end function

  subroutine use_it(x, n, y, s)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n)
    real(8), intent(out) :: y(n), s
    integer :: k
    y = scaled(x, n)
    do k = 1, 3
      y = y + 0.1d0*smooth(scaled(y, n), n)
    end do
    s = sum(scaled(x, n)*y) + maxval(smooth(x, n))
  end subroutine
end module
