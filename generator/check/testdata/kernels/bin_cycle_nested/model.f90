! A time loop whose step skips the rest of itself from a loop nested in
! it: `cycle time` from the sweep over the cells ends the step (every
! fifth step updates half the cells and skips its output). The
! advance form turns it into a GO TO to the step's end; the record and
! reverse forms reverse it as the plain adjoint does.
subroutine model(n, nt, u, c, y)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: c
  real(8), intent(out) :: y
  integer :: it, i
  real(8) :: e0
  y = 0
  e0 = sum(u**2)
  time: do it = 1, nt
    u = u + 0.05d0*(c*cos(u) - u*[u(2:n), u(1)])
    do i = 1, n
      if (mod(it, 5) == 0 .and. i > n/2) cycle time
      u(i) = u(i) - 0.01d0*u(i)**2
    end do
    y = y + sum(u**2)*it
  end do time
  y = y + sum(u)
end subroutine
