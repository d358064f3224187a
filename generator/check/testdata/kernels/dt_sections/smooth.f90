! Sections as independents and dependents: the interior of a field is
! the control (u(2:n-1)), the last cells of the smoothed field the
! observation (v(n-2:n)); the boundary values stay fixed.
subroutine smooth(u, v, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: u(n)
  real(8), intent(out) :: v(n)
  integer :: i, it
  do it = 1, 3
    v(1) = u(1)
    v(n) = u(n)
    do i = 2, n - 1
      v(i) = 0.25d0*u(i-1) + 0.5d0*u(i) + 0.25d0*u(i+1)**2
    end do
    u = v
  end do
end subroutine
