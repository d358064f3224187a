! Multi-level with a jump: a binomially checkpointed time loop (3
! snapshots, 40 steps) whose column physics is a comment-marked region
! checkpointed as a whole (region: column). A column test leaves the
! region, the time loop and the routine by RETURN from inside the
! column loop once a value runs away (or at step 23): the loop is
! reversed online, the region's partial sweep runs it again up to the
! RETURN.
subroutine model(n, nt, u, c, y)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: c
  real(8), intent(out) :: y
  integer :: it, i
  y = 0
  time: do it = 1, nt
    u = u + 0.05d0*(c*cos(u) - u*[u(2:n), u(1)])
    !$fadj checkpoint begin column
    do i = 1, n
      if (abs(u(i)) > 5 .or. it == 23) return
      u(i) = u(i) - 0.01d0*u(i)**2
    end do
    y = y + sum(u**2)
    !$fadj checkpoint end column
    y = y*0.99d0
  end do time
  y = y + sum(u)
end subroutine
