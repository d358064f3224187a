! VALUE dummies as modern (and C-interoperable) codes write them: a
! routine that works on its copy of a coefficient (`dt = dt/2`), a
! function of a VALUE argument, a VALUE dummy it never changes; the
! caller reads the actuals again after the calls.
module relax
  implicit none
  integer, parameter :: wp = kind(1.0d0)
contains
  subroutine smooth(n, u, dt, nsub)
    integer, intent(in) :: n
    real(wp), intent(inout) :: u(n)
    real(wp), value :: dt
    integer, value :: nsub
    integer :: k
    do while (nsub > 0)
      dt = dt*0.5_wp
      do k = 2, n - 1
        u(k) = u(k) + dt*(u(k-1) - 2.0_wp*u(k) + u(k+1))
      end do
      nsub = nsub - 1
    end do
    u(1) = u(1)*dt
  end subroutine smooth

  real(wp) function damp(x, a) result(r)
    real(wp), value :: x
    real(wp), intent(in), value :: a
    x = x*x
    r = a*x/(1.0_wp + x)
  end function damp

  subroutine model(n, u, dt, a, cost)
    integer, intent(in) :: n
    real(wp), intent(inout) :: u(n)
    real(wp), intent(inout) :: dt
    real(wp), intent(in) :: a
    real(wp), intent(out) :: cost
    integer :: i
    call smooth(n, u, dt, 2)
    dt = dt + u(2)
    call smooth(n, u, dt, 1)
    cost = 0.0_wp
    do i = 1, n
      cost = cost + damp(u(i), a)*dt + damp(0.5_wp*u(i) + dt, a)
    end do
    cost = cost + dt*a
  end subroutine model
end module relax
