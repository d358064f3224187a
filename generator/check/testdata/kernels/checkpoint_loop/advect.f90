! A named time loop checkpointed binomially in the spec (revolve, when
! fadj has it): upwind advection, nt steps.
subroutine advect(u, c, n, nt)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: c
  integer :: it
  time: do it = 1, nt
    u(2:n) = u(2:n) - c*(u(2:n) - u(1:n-1))
    u(1) = u(1)*(1 - c) + c*u(n)
  end do time
end subroutine
