! EXIT from named constructs that are not loops (F2008), as modern
! models write guard clauses: a named IF left early, a named BLOCK left
! from inside a DO loop, a named SELECT CASE left from one case; the
! variables the skipped statements would have overwritten are
! overwritten after the constructs.
module guards
  implicit none
  integer, parameter :: wp = kind(1.0d0)
contains
  subroutine update(n, mode, x, y, s)
    integer, intent(in) :: n, mode
    real(wp), intent(inout) :: x(n)
    real(wp), intent(out) :: y(n)
    real(wp), intent(out) :: s
    real(wp) :: t, u, w
    integer :: i
    t = x(1)
    w = 0.0_wp
    check: if (t > 0.0_wp) then
      u = x(2)*x(3)
      w = u*u
      t = t*x(2)
      if (t > 0.3_wp) exit check
      u = 2.0_wp
      t = sin(t) + x(3)
    end if check
    u = x(4)
    y = t + u*w
    scan: block
      do i = 2, n
        if (x(i)*x(i-1) > 0.2_wp) exit scan
        y(i) = y(i) + x(i)*x(i-1)
        t = t*x(i)
      end do
      t = t + 1.0_wp
    end block scan
    pick: select case (mode)
    case (1)
      s = t*t
      if (s > 0.5_wp) exit pick
      s = s + x(n)**3
    case default
      s = t
    end select pick
    t = s*x(1)
    x = x*t
    s = s + sum(y)
  end subroutine update
end module guards
