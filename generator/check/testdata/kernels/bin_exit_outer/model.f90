! A checkpointed time loop inside a loop over restarts: the step leaves
! both loops (`exit restart` from the loop over the cells) when the state
! has drifted far enough, ends the current run (`cycle restart`) at a
! fixed step of the second one, and jumps to the output (`go to 30`)
! when it went too far, skipping the code after the loops. Each step
! reports the jump it took, the loop is reversed online, and the code
! after its forward sweep takes the jump on as in the plain adjoint.
subroutine model(n, nt, u, c, y)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: c
  real(8), intent(out) :: y
  integer :: it, i, m
  real(8) :: e0
  y = 0
  e0 = sum(u**2)
  restart: do m = 1, 4
    time: do it = 1, nt
      u = u + 0.05d0*(c*cos(u) - u*[u(2:n), u(1)])
      if (m == 2 .and. it == 5) cycle restart
      do i = 1, n
        if (m == 3 .and. it > 10 .and. abs(sum(u**2) - e0) > 0.05d0*e0) exit restart
        if (m == 4 .and. it > 15) go to 30
        u(i) = u(i) - 0.01d0*u(i)**2
      end do
      y = y + sum(u**2)*it
    end do time
    y = y + m*sum(u)
  end do restart
  y = y + it*sum(u)
30 y = y + sum(u**2)
end subroutine
