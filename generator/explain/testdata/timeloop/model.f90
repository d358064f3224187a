! A time loop calling a step routine: each call is checkpointed (joint
! reversal, the default), so its adjoint re-runs it from a snapshot.
subroutine step(u, n, dt)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: dt
  integer :: i
  do i = 1, n
    u(i) = u(i) + dt*sin(u(i))
  end do
end subroutine

subroutine run(u, n, nt, dt, cost)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: dt
  real(8), intent(out) :: cost
  integer :: it
  do it = 1, nt
    call step(u, n, dt)
  end do
  cost = sum(u*u)
end subroutine
