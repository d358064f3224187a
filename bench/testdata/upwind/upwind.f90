! Inviscid Burgers velocity u advecting a tracer q, first-order upwind
! differences chosen by the sign of the (active) velocity, on a periodic
! grid of n cells. The objective is the tracer mass seen by a detector.
subroutine upwind(n, nsteps, u0, q0, det, cost)
  implicit none
  integer, intent(in) :: n, nsteps
  real(8), intent(in) :: u0(n), q0(n), det(n)
  real(8), intent(out) :: cost
  real(8), parameter :: c = 0.4d0
  real(8) :: u(0:n+1), q(0:n+1), un(n), qn(n)
  real(8) :: du, dq
  integer :: i, step
  do i = 1, n
    u(i) = u0(i)
    q(i) = q0(i)
  end do
  do step = 1, nsteps
    u(0) = u(n)
    u(n+1) = u(1)
    q(0) = q(n)
    q(n+1) = q(1)
    do i = 1, n
      if (u(i) > 0.0d0) then
        du = u(i) - u(i-1)
        dq = q(i) - q(i-1)
      else
        du = u(i+1) - u(i)
        dq = q(i+1) - q(i)
      end if
      un(i) = u(i) - c*u(i)*du
      qn(i) = q(i) - c*u(i)*dq
    end do
    do i = 1, n
      u(i) = un(i)
      q(i) = qn(i)
    end do
  end do
  cost = 0.0d0
  do i = 1, n
    cost = cost + det(i)*q(i)
  end do
end subroutine upwind
