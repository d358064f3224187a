! PURE and ELEMENTAL procedures applied to scalars and arrays:
! unit conversions, a smooth step, a clamped logistic map, and a pure
! subroutine computing simple statistics.
module kernels
  implicit none
  integer, parameter :: dp = kind(1.d0)
contains

  elemental real(dp) function celsius_to_kelvin(c)
    real(dp), intent(in) :: c
    celsius_to_kelvin = c + 273.15_dp
  end function celsius_to_kelvin

  elemental function smoothstep(e0, e1, x) result(s)
    real(dp), intent(in) :: e0, e1, x
    real(dp) :: s, t
    t = min(max((x - e0) / (e1 - e0), 0.0_dp), 1.0_dp)
    s = t * t * (3.0_dp - 2.0_dp * t)
  end function smoothstep

  elemental integer function sign_class(x)
    real(dp), intent(in) :: x
    if (x > 0.0_dp) then
       sign_class = 1
    else if (x < 0.0_dp) then
       sign_class = -1
    else
       sign_class = 0
    end if
  end function sign_class

  pure function logistic_orbit(r, x0, n) result(orbit)
    real(dp), intent(in) :: r, x0
    integer, intent(in) :: n
    real(dp) :: orbit(n)
    real(dp) :: x
    integer :: i
    x = x0
    do i = 1, n
       x = r * x * (1.0_dp - x)
       orbit(i) = x
    end do
  end function logistic_orbit

  pure subroutine stats(x, mean, var, xmin, xmax)
    real(dp), intent(in) :: x(:)
    real(dp), intent(out) :: mean, var, xmin, xmax
    mean = sum(x) / size(x)
    var = sum((x - mean)**2) / (size(x) - 1)
    xmin = minval(x)
    xmax = maxval(x)
  end subroutine stats

  pure real(dp) function poly(c, x)
    ! Horner's rule; coefficients in increasing order of degree
    real(dp), intent(in) :: c(:), x
    integer :: k
    poly = 0.0_dp
    do k = size(c), 1, -1
       poly = poly * x + c(k)
    end do
  end function poly

end module kernels

program pure_elemental
  use kernels
  implicit none
  real(dp) :: temps(5) = (/ -40.0_dp, 0.0_dp, 21.5_dp, 37.0_dp, 100.0_dp /)
  real(dp) :: xs(7), orbit(8)
  real(dp) :: mean, var, lo, hi
  real(dp), parameter :: coeffs(4) = (/ 1.0_dp, -3.0_dp, 0.0_dp, 2.0_dp /)
  integer :: i

  write (*, '(a, 5f9.2)') 'kelvin   ', celsius_to_kelvin(temps)
  write (*, '(a, f9.2)') 'scalar   ', celsius_to_kelvin(-273.15_dp)

  xs = (/ (-0.5_dp + 0.25_dp * i, i = 0, 6) /)
  write (*, '(a, 7f8.4)') 'x        ', xs
  write (*, '(a, 7f8.4)') 'smooth   ', smoothstep(0.0_dp, 1.0_dp, xs)
  ! elemental with a mix of scalar and array arguments
  write (*, '(a, 7f8.4)') 'smooth2  ', smoothstep(xs - 0.25_dp, xs + 0.25_dp, 0.3_dp)
  write (*, '(a, 7i3)') 'signs    ', sign_class(xs)

  orbit = logistic_orbit(3.7_dp, 0.2_dp, 8)
  write (*, '(a, 4f11.7)') 'orbit    ', orbit(1:4)
  write (*, '(a, 4f11.7)') '         ', orbit(5:8)
  call stats(orbit, mean, var, lo, hi)
  write (*, '(a, 4f11.7)') 'stats    ', mean, var, lo, hi

  write (*, '(a, 3f12.6)') 'poly     ', poly(coeffs, 0.5_dp), poly(coeffs, -1.0_dp), &
       poly(coeffs, 2.0_dp)
end program pure_elemental
