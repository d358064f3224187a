! A Runge-Kutta (Heun) integration of a column whose tendency routine takes
! the density from an equation of state, passed as function references in
! the CALL arguments: alone, in an expression, inside an intrinsic, by
! keyword, under a logical IF, in a CALL a GO TO jumps to, in the time
! loop; and a diffusion whose diffusivities come from an elemental
! function of the state and from a function with an array result.
module rkeos
  implicit none
  integer, parameter :: wp = kind(1.0d0)
contains
  real(wp) function rho(t, s)
    real(wp), intent(in) :: t, s
    rho = 1000.0_wp*(1.0_wp - 2.0e-4_wp*(t - 10.0_wp) + 8.0e-4_wp*(s - 35.0_wp))
  end function rho

  real(wp) function drag(u)
    real(wp), intent(in) :: u
    drag = 0.1_wp*u*abs(u)
  end function drag

  subroutine tendency(n, u, k, dens, cd)
    integer, intent(in) :: n
    real(wp), intent(in) :: u(n)
    real(wp), intent(out) :: k(n)
    real(wp), intent(in) :: dens, cd
    integer :: i
    k(1) = -cd*u(1)
    do i = 2, n
      k(i) = (u(i-1) - u(i))*1000.0_wp/dens - cd*u(i)
    end do
  end subroutine tendency

  elemental real(wp) function visc(u)
    real(wp), intent(in) :: u
    visc = 1.0_wp + 0.5_wp*u*u
  end function visc

  function smoothed(n, u) result(v)
    integer, intent(in) :: n
    real(wp), intent(in) :: u(n)
    real(wp) :: v(n - 1)
    v = 0.5_wp*(u(1:n-1) + u(2:n))
  end function smoothed

  subroutine diffuse(n, u, kappa, kf)
    integer, intent(in) :: n
    real(wp), intent(inout) :: u(n)
    real(wp), intent(in) :: kappa(n), kf(n - 1)
    u(2:n-1) = u(2:n-1) + kappa(2:n-1)*kf(2:n-1)*(u(1:n-2) - 2.0_wp*u(2:n-1) + u(3:n))
  end subroutine diffuse

  subroutine relax(n, u, a)
    integer, intent(in) :: n
    real(wp), intent(inout) :: u(n)
    real(wp), intent(in) :: a
    u = u - a*u**3
  end subroutine relax

  subroutine integrate(n, nt, u, t, s, dt, cost)
    integer, intent(in) :: n, nt
    real(wp), intent(inout) :: u(n)
    real(wp), intent(in) :: t, s, dt
    real(wp), intent(out) :: cost
    real(wp) :: k1(n), k2(n)
    integer :: it
    do it = 1, nt
      call tendency(n, u, k1, rho(t, s), drag(u(n)))
      call tendency(n, u + dt*k1, k2, rho(t + dt, s)*(1.0_wp + 1.0e-3_wp), cd=sqrt(abs(drag(u(1))) + 1.0_wp))
      u = u + 0.5_wp*dt*(k1 + k2)
      call diffuse(n, u, 0.1_wp*visc(u), smoothed(n, u))
      if (it == nt) call relax(n, u, 1.0e-2_wp*dt*rho(t, s)/1000.0_wp)
      if (it == 1) go to 30
      u(1) = 0.9_wp*u(1)
30    call relax(n, u, 1.0e-3_wp*drag(u(2)))
    end do
    cost = sum(u**2)
  end subroutine integrate
end module rkeos
