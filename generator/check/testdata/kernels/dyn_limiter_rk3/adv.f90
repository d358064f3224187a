module limiters
  implicit none
  integer, parameter :: wp = selected_real_kind(12)
contains
  pure elemental function minmod(a, b) result(m)
    real(wp), intent(in) :: a, b
    real(wp) :: m
    m = 0.5_wp*(sign(1._wp, a) + sign(1._wp, b))*min(abs(a), abs(b))
  end function minmod

  pure elemental function vanleer(r) result(phi)
    real(wp), intent(in) :: r
    real(wp) :: phi
    phi = (r + abs(r))/(1._wp + abs(r))
  end function vanleer

  function flux_div(q, u, dx) result(dq)
    real(wp), intent(in) :: q(:), u(:), dx
    real(wp) :: dq(size(q))
    real(wp) :: f(size(q)), qp(size(q)), qm(size(q)), slope(size(q))
    integer :: n
    n = size(q)
    qp = cshift(q, 1)
    qm = cshift(q, -1)
    slope = minmod(qp - q, q - qm)
    ! upwind with limited reconstruction at face i+1/2
    f = max(u, 0._wp)*(q + 0.5_wp*slope) + min(u, 0._wp)*(qp - 0.5_wp*cshift(slope, 1))
    dq = -(f - cshift(f, -1))/dx
  end function flux_div
end module limiters

module rk3_mod
  use limiters
  implicit none
contains
  subroutine integrate(n, q0, u, dx, dt, nt, qf, cost)
    integer, intent(in) :: n, nt
    real(wp), intent(in) :: q0(n), u(n), dx, dt
    real(wp), intent(out) :: qf(n), cost
    real(wp) :: q(n), q1(n), q2(n)
    integer :: it
    q = q0
    do it = 1, nt
      q1 = q + dt*flux_div(q, u, dx)
      q2 = 0.75_wp*q + 0.25_wp*(q1 + dt*flux_div(q1, u, dx))
      q = q/3._wp + 2._wp/3._wp*(q2 + dt*flux_div(q2, u, dx))
    end do
    qf = q
    cost = sum(q**2, mask = q > 0._wp) + 0.1_wp*maxval(q) - 0.1_wp*minval(q) + norm2(q - q0)
  end subroutine integrate
end module rk3_mod
