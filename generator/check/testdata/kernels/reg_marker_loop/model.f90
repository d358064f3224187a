! Multi-level: a comment-marked region (spinup) checkpointed as a whole,
! holding a time loop reversed binomially (2 snapshots, 11 steps) and a
! statement after it; the code after the region overwrites what the
! region reads (w), held across it.
subroutine model(n, nt, u, w, y)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(inout) :: w
  real(8), intent(out) :: y
  integer :: it
  y = 0
  !$fadj checkpoint begin spinup
  steps: do it = 1, nt
    u = u + 0.04d0*(w*cos(u) - u*[u(n), u(1:n-1)])
  end do steps
  y = sum(u**2)*w
  !$fadj checkpoint end spinup
  w = 2
  y = y + w*sum(u)
end subroutine
