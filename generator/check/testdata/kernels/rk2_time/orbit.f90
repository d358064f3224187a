! A time-stepping loop: Heun's method (RK2) for a nonlinear
! oscillator, the state held in an array and updated by sections.
subroutine rhs(q, k, f)
  implicit none
  real(8), intent(in) :: q(2), k
  real(8), intent(out) :: f(2)
  f(1) = q(2)
  f(2) = -k*sin(q(1)) - 0.1d0*q(2)
end subroutine

subroutine orbit(q, k, nsteps)
  implicit none
  integer, intent(in) :: nsteps
  real(8), intent(inout) :: q(2)
  real(8), intent(in) :: k
  real(8) :: f1(2), f2(2), qp(2), dt
  integer :: it
  dt = 0.05d0
  do it = 1, nsteps
    call rhs(q, k, f1)
    qp = q + dt*f1
    call rhs(qp, k, f2)
    q(1:2) = q(1:2) + 0.5d0*dt*(f1 + f2)
  end do
end subroutine
