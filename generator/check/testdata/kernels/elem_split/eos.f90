! An equation of state and a limiter as models write them: ELEMENTAL
! functions and subroutines applied to whole arrays and sections.
module eos
  implicit none
  integer, parameter :: wp = kind(1.0d0)
contains
  elemental real(wp) function rho(t, s)
    real(wp), intent(in) :: t, s
    real(wp) :: a
    a = 1.0_wp + 0.2_wp*t
    rho = 0.2_wp*t*a - 0.76_wp*s + 0.1_wp*s*t
  end function rho

  elemental subroutine limit(q, f)
    real(wp), intent(inout) :: q
    real(wp), intent(out) :: f
    if (q > 1.0_wp) then
      q = 1.0_wp + log(q)
    end if
    f = q*q
  end subroutine limit

  ! Scalar, not elemental: its call is split.
  subroutine smooth(n, q)
    integer, intent(in) :: n
    real(wp), intent(inout) :: q(n)
    integer :: i
    do i = n, 2, -1
      q(i) = 0.75_wp*q(i) + 0.25_wp*q(i-1)*q(i)
    end do
  end subroutine smooth

  subroutine column(n, t, s, p, c, e)
    integer, intent(in) :: n
    real(wp), intent(inout) :: t(n)
    real(wp), intent(in) :: s(n)
    real(wp), intent(in) :: p
    real(wp), intent(out) :: c(n)
    real(wp), intent(out) :: e
    real(wp) :: f(n), r(n)
    r = rho(t, s)
    c = 0.0_wp
    c(2:n) = rho(t(1:n-1), 35.0_wp) - r(2:n)
    call limit(t, f)
    call smooth(n, f)
    e = sum(f*r) + sum(rho(t, s)*c) + sum(rho(s, p))
  end subroutine column
end module eos
