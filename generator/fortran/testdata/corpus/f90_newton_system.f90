! Newton's method for a 2x2 nonlinear system and for scalar equations.
! The residual and Jacobian are EXTERNAL procedures defined after the
! main program; the main program sees them through an INTERFACE block.
! A second routine takes a function argument declared with EXTERNAL.
program newton_system
  implicit none
  integer, parameter :: dp = kind(1.d0)

  interface
     subroutine residual(x, f)
       integer, parameter :: dp = kind(1.d0)
       real(dp), intent(in) :: x(2)
       real(dp), intent(out) :: f(2)
     end subroutine residual
     subroutine jacobian(x, jac)
       integer, parameter :: dp = kind(1.d0)
       real(dp), intent(in) :: x(2)
       real(dp), intent(out) :: jac(2, 2)
     end subroutine jacobian
     function newton1d(g, dg, x0, tol) result(x)
       integer, parameter :: dp = kind(1.d0)
       real(dp), external :: g, dg
       real(dp), intent(in) :: x0, tol
       real(dp) :: x
     end function newton1d
  end interface

  real(dp), external :: kepler, dkepler
  real(dp) :: x(2), f(2), jac(2, 2), dx(2), det, fnorm
  integer :: it

  x = (/ 1.0_dp, 1.0_dp /)
  call residual(x, f)
  fnorm = sqrt(sum(f**2))
  it = 0
  do while (fnorm > 1.0e-13_dp .and. it < 50)
     call jacobian(x, jac)
     det = jac(1, 1) * jac(2, 2) - jac(1, 2) * jac(2, 1)
     ! solve jac * dx = -f by Cramer's rule
     dx(1) = (-f(1) * jac(2, 2) + f(2) * jac(1, 2)) / det
     dx(2) = (-f(2) * jac(1, 1) + f(1) * jac(2, 1)) / det
     x = x + dx
     call residual(x, f)
     fnorm = sqrt(sum(f**2))
     it = it + 1
     write (*, '(i3, 2f20.15, es11.2)') it, x, fnorm
  end do
  write (*, '(a, l2)') 'converged:', fnorm <= 1.0e-13_dp

  ! Kepler's equation E - e sin E = M for a few mean anomalies
  do it = 1, 4
     write (*, '(a, f6.3, a, f18.14)') 'M =', 0.5_dp * it, '  E =', &
          newton1d(kepler, dkepler, 0.5_dp * it, 1.0e-14_dp)
  end do
end program newton_system

! intersection of the circle x**2 + y**2 = 4 with the curve y = exp(x) - 1
subroutine residual(x, f)
  implicit none
  integer, parameter :: dp = kind(1.d0)
  real(dp), intent(in) :: x(2)
  real(dp), intent(out) :: f(2)
  f(1) = x(1)**2 + x(2)**2 - 4.0_dp
  f(2) = exp(x(1)) - 1.0_dp - x(2)
end subroutine residual

subroutine jacobian(x, jac)
  implicit none
  integer, parameter :: dp = kind(1.d0)
  real(dp), intent(in) :: x(2)
  real(dp), intent(out) :: jac(2, 2)
  jac(1, :) = (/ 2.0_dp * x(1), 2.0_dp * x(2) /)
  jac(2, :) = (/ exp(x(1)), -1.0_dp /)
end subroutine jacobian

function newton1d(g, dg, x0, tol) result(x)
  implicit none
  integer, parameter :: dp = kind(1.d0)
  real(dp), external :: g, dg
  real(dp), intent(in) :: x0, tol
  real(dp) :: x, step
  integer :: k
  x = x0
  step = huge(1.0_dp)
  k = 0
  do while (abs(step) > tol .and. k < 100)
     step = g(x, x0) / dg(x)
     x = x - step
     k = k + 1
  end do
end function newton1d

! Kepler residual with eccentricity 0.3; m is the mean anomaly
double precision function kepler(e_anom, m)
  implicit none
  double precision, intent(in) :: e_anom, m
  kepler = e_anom - 0.3d0 * sin(e_anom) - m
end function kepler

double precision function dkepler(e_anom)
  implicit none
  double precision, intent(in) :: e_anom
  dkepler = 1.0d0 - 0.3d0 * cos(e_anom)
end function dkepler
