! A tour of the elemental numeric intrinsics, checked against identities
! so that the printed values are easy to audit: trig and inverse trig,
! hyperbolics, exp/log/log10/sqrt, and the integer/real conversions.
program intrinsics_tour
  implicit none
  integer, parameter :: dp = kind(1.d0)
  real(dp) :: x, y, angles(5)
  real :: s
  integer :: i, k(6)
  intrinsic :: sqrt, exp, log         ! intrinsic attribute in a declaration
  intrinsic abs, sign                 ! and the statement form

  angles = (/ 0.0_dp, 0.5_dp, 1.0_dp, 1.25_dp, -0.75_dp /)
  write (*, '(a)') '    x          sin          cos          tan     asin(sin) acos(cos) atan(tan)'
  do i = 1, size(angles)
     x = angles(i)
     write (*, '(f6.2, 3f13.8, 3f10.6)') x, sin(x), cos(x), tan(x), &
          asin(sin(x)), acos(cos(x)), atan(tan(x))
  end do

  write (*, '(a, 4f12.8)') 'atan2 quadrants:', atan2(1.0_dp, 1.0_dp), atan2(1.0_dp, -1.0_dp), &
       atan2(-1.0_dp, -1.0_dp), atan2(-1.0_dp, 1.0_dp)

  x = 0.8_dp
  write (*, '(a, 3f14.10)') 'sinh cosh tanh :', sinh(x), cosh(x), tanh(x)
  write (*, '(a, es22.14)') 'cosh^2 - sinh^2 - 1 =', cosh(x)**2 - sinh(x)**2 - 1.0_dp
  write (*, '(a, 3f14.10)') 'exp log log10  :', exp(x), log(x), log10(1000.0_dp * x)
  write (*, '(a, 2f14.10)') 'sqrt, exp(log) :', sqrt(2.0_dp), exp(log(2.0_dp))

  ! conversions and rounding, including negative halves
  write (*, '(a)') '      x    int   nint  floor'
  do i = -3, 3
     y = 0.5_dp * i + 0.25_dp * mod(i, 2)
     write (*, '(f7.2, 3i7)') y, int(y), nint(y), floor(y)
  end do

  ! abs, sign, min, max, mod on mixed arguments
  k = (/ 7, -7, 7, -7, 0, 13 /)
  write (*, '(a, 6i4)') 'abs      :', abs(k)
  write (*, '(a, 6i4)') 'mod(k,3) :', (mod(k(i), 3), i = 1, 6)
  write (*, '(a, 6i4)') 'sign(5,k):', (sign(5, k(i)), i = 1, 6)
  write (*, '(a, 3i4)') 'min max  :', min(3, -1, 8), max(3, -1, 8), max(k(1), k(2), k(6))
  write (*, '(a, 2f8.3)') 'min/max real:', min(2.5, -0.5, 1.0), max(2.5_dp, 3.0_dp)

  ! precision conversions
  s = 1.0 / 3.0
  x = dble(s)
  y = real(1, dp) / 3.0_dp
  write (*, '(a, f20.16)') 'dble(1.0/3.0) :', x
  write (*, '(a, f20.16)') '1.0_dp/3.0_dp :', y
  write (*, '(a, f12.8)') 'real(y)       :', real(y)
  write (*, '(a, i3, i3)') 'int(7/2), 7/(-2):', int(7.0 / 2.0), 7 / (-2)
  write (*, '(a, 2f8.3)') 'dim / modulo  :', dim(5.0, 3.0), modulo(-7.5, 2.0)
end program intrinsics_tour
