! A limited diffusion of a tracer with halo cells, in a time loop: a WHERE
! assignment to the interior whose mask and right side read the
! neighbours, other elements of the array it assigns, through a user
! ELEMENTAL limiter. As an array assignment it reads their old values;
! its loop reads them in a copy of the array made before it.
module smoother
  implicit none
  integer, parameter :: wp = kind(1.0d0)
contains
  elemental real(wp) function limited(d, cap)
    real(wp), intent(in) :: d, cap
    limited = cap*d/(cap + abs(d))
  end function limited

  subroutine smooth(n, nt, q, c, cost)
    integer, intent(in) :: n, nt
    real(wp), intent(inout) :: q(0:n+1)
    real(wp), intent(in) :: c
    real(wp), intent(out) :: cost
    integer :: it
    do it = 1, nt
      q(0) = q(1)
      q(n+1) = q(n)
      where (abs(q(2:n+1) - q(0:n-1)) > 0.1_wp) &
        q(1:n) = q(1:n) + c*limited(q(0:n-1) - 2.0_wp*q(1:n) + q(2:n+1), 0.5_wp)
    end do
    cost = sum(q(1:n)**2)
  end subroutine smooth
end module smoother
