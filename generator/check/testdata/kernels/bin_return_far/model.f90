! A time loop that returns from the routine when the state drifts too
! far from its start (a guard after a spin-up), while the routine goes on
! after the loop when it runs to its end. The step reports the RETURN,
! the loop is reversed online, and after the loop's forward sweep the
! RETURN is taken on as in the plain adjoint.
subroutine model(n, nt, u, c, y)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: c
  real(8), intent(out) :: y
  integer :: it
  real(8) :: e0
  e0 = sum(u**2)
  y = 0
  do it = 1, nt
    u = u + 0.05d0*(c*cos(u) - u*[u(2:n), u(1)])
    y = y + sum(u**2)
    if (it > 10 .and. abs(sum(u**2) - e0) > 0.05d0*e0) return
    y = y*0.9d0
  end do
  y = y + it*sum(u)
  u = u*y
end subroutine
