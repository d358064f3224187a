! Fortran 2008 flavoured code in a .f08 file: special-function
! intrinsics (ERF, ERFC, GAMMA, LOG_GAMMA, BESSEL_J0, HYPOT, NORM2),
! DO CONCURRENT and a BLOCK construct, used to tabulate the normal
! distribution and check a few identities.
program special_functions
  implicit none
  integer, parameter :: dp = kind(1.d0)
  real(dp) :: x(9), cdf(9), pdf(9)
  real(dp), parameter :: pi = acos(-1.0_dp)
  integer :: i

  do concurrent (i = 1:9)
     x(i) = -2.0_dp + 0.5_dp * (i - 1)
     cdf(i) = 0.5_dp * (1.0_dp + erf(x(i) / sqrt(2.0_dp)))
     pdf(i) = exp(-0.5_dp * x(i)**2) / sqrt(2.0_dp * pi)
  end do

  write (*, '(a)') '     x         pdf          cdf       erfc'
  do i = 1, 9
     write (*, '(f6.2, 3f12.8)') x(i), pdf(i), cdf(i), erfc(x(i))
  end do

  block
    real(dp) :: g5, lg, v(3)
    integer :: n
    g5 = gamma(5.0_dp)
    lg = log_gamma(10.0_dp)
    n = nint(g5)
    v = [3.0_dp, 4.0_dp, 12.0_dp]
    write (*, '(a, i4, f12.6)') 'gamma(5) = 4!     :', n, g5
    write (*, '(a, f14.8)') 'log_gamma(10)     :', lg
    write (*, '(a, f14.8)') 'log(9!)           :', log(362880.0_dp)
    write (*, '(a, f14.8)') 'gamma(0.5)**2     :', gamma(0.5_dp)**2
    write (*, '(a, 2f10.4)') 'hypot, norm2      :', hypot(3.0_dp, 4.0_dp), norm2(v)
    write (*, '(a, f14.8)') 'bessel_j0(2.4048) :', bessel_j0(2.4048_dp)
  end block
end program special_functions
