! Wetting and drying in a shallow-water state held in a derived type: a
! WHERE on the components whose mask reads the depth its first assignment
! updates (one loop, the branches an IF construct), with an elemental
! wetness function and a masked ELSEWHERE.
module wetdry
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  real(wp), parameter :: hmin = 0.5_wp
  type state
    real(wp) :: h(6), uh(6), u(6)
    real(wp) :: q(0:5)
  end type state
contains
  elemental real(wp) function wet(h)
    real(wp), intent(in) :: h
    wet = h*h/(h*h + 0.01_wp)
  end function wet

  subroutine update(s, dt, cost)
    type(state), intent(inout) :: s
    real(wp), intent(in) :: dt
    real(wp), intent(out) :: cost
    where (s%h > hmin)
      s%h = s%h + dt*s%uh*wet(s%h)
      s%u = s%uh/s%h
    elsewhere (s%uh > 0.5_wp)
      s%u = wet(s%uh)*s%uh
    elsewhere
      s%uh = 0.5_wp*s%uh
    end where
    where (s%u(1:5) > 0.4_wp) s%q(1:5) = s%q(1:5) + dt*wet(s%u(2:6))
    cost = sum(s%h*s%u) + sum(s%uh**2) + sum(s%q)
  end subroutine update
end module wetdry
