! A time loop whose step is a named BLOCK checkpointed as a whole at
! each visit (region: physics). The step leaves the block by a CYCLE of
! the time loop on the steps without a diagnostic (every third), and
! the time loop by EXIT once the state has drifted from its start (or
! at step 37), as a steady-state test does: the forward sweep takes the
! jumps at once, the block's partial sweep runs it again up to them.
subroutine model(n, nt, u, c, y)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: c
  real(8), intent(out) :: y
  real(8) :: r(n), e0
  integer :: it, i
  y = 0
  e0 = sum(u**2)
  do it = 1, nt
    physics: block
      r = c*cos(u) - u*[u(2:n), u(1)]
      u = u + 0.05d0*r
      if (abs(sum(u**2) - e0) > 0.5d0*e0 .or. it == 37) exit
      if (mod(it, 3) == 0) cycle
      do i = 1, n
        u(i) = u(i) - 0.01d0*u(i)**2
      end do
    end block physics
    y = y + sum(u**2)*it
  end do
  y = y + it*sum(u)
end subroutine
