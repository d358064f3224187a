! A 1-D reaction-diffusion model whose checkpointed callees are passed
! constants: dt and nu are arguments of the target that the driver passes
! as named constants (PARAMETERs), dx is a PARAMETER of the target, the
! reaction rate a literal, and diffuse passes its dummies nu and dx on to
! flux (constants from its caller's caller). None of them is ever
! written, so no snapshot may save or restore them: restoring one would
! write into read-only memory. flux and react are written as legacy code
! is, without INTENT: only an analysis of their bodies tells that they do
! not write their arguments. (diffuse declares intents: fadj at the start
! of issue 9 saves and restores a dummy without intent that it passes to
! a callee, which crashes when the actual argument is a constant.)
subroutine flux(n, u, nu, dx, f)
  implicit none
  integer :: n
  real(8) :: u(n), nu, dx
  real(8) :: f(n+1)
  integer :: i
  f(1) = 0.0d0
  f(n+1) = 0.0d0
  do i = 2, n
    f(i) = -nu*(1.0d0 + u(i)*u(i-1))*(u(i) - u(i-1))/dx
  end do
end subroutine flux

subroutine diffuse(n, u, nu, dt, dx)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: nu, dt, dx
  real(8), intent(inout) :: u(n)
  real(8) :: f(n+1)
  integer :: i
  call flux(n, u, nu, dx, f)
  do i = 1, n
    u(i) = u(i) - dt*(f(i+1) - f(i))/dx
  end do
end subroutine diffuse

subroutine react(n, u, rate, dt, k)
  implicit none
  integer :: n
  real(8) :: rate, dt, k(n)
  real(8) :: u(n)
  integer :: i
  do i = 1, n
    u(i) = u(i) + dt*rate*k(i)*u(i)*(1.0d0 - u(i))
  end do
end subroutine react

! nsteps steps of diffusion then reaction from u0; the objective is the
! mean square of u at the end.
subroutine constargs(n, nsteps, dt, nu, u0, k, cost)
  implicit none
  integer, intent(in) :: n, nsteps
  real(8), intent(in) :: dt, nu, u0(n), k(n)
  real(8), intent(out) :: cost
  real(8), parameter :: dx = 1.0d0
  real(8) :: u(n)
  integer :: i, step
  do i = 1, n
    u(i) = u0(i)
  end do
  do step = 1, nsteps
    call diffuse(n, u, nu, dt, dx)
    call react(n, u, 0.5d0, dt, k)
  end do
  cost = 0.0d0
  do i = 1, n
    cost = cost + u(i)**2
  end do
  cost = cost/n
end subroutine constargs
