! CYCLE in a binomially checkpointed time loop (3 snapshots, 14 steps):
! a step ended early by CYCLE of the loop (every third step skips the
! cost), and a loop inside the step that CYCLEs itself; the reversal
! writes GO TOs to labelled CONTINUEs in each copy of the recorded step.
subroutine model(n, nt, u, y)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(out) :: y
  integer :: it, i
  y = 0
  time: do it = 1, nt
    u = u + 0.05d0*(cos(u) - u*[u(2:n), u(1)])
    do i = 1, n
      if (u(i) > 0.9d0) cycle
      u(i) = u(i) + 0.01d0*u(i)**2
    end do
    if (mod(it, 3) == 0) cycle time
    y = y + sum(u**2)
  end do time
end subroutine
