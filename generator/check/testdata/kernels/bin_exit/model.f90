! A counted time loop left by an EXIT on a state condition: its trip
! count is known only when it exits, so its snapshots are placed online
! as a DO WHILE's; the step that exits is the last one, recorded and
! reversed from its EXIT. The index is read after the loop.
subroutine model(n, nt, u, c, y)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: c
  real(8), intent(out) :: y
  integer :: it
  real(8) :: e, e0
  y = 0
  e0 = sum(u**2)
  time: do it = 1, nt
    u = u + 0.05d0*(c*cos(u) - u*[u(2:n), u(1)])
    e = sum(u**2)
    if (e < 0.4d0*e0) exit time
    y = y + e*it
    u = u*0.995d0
  end do time
  y = y + it*sum(u)
end subroutine
