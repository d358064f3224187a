! An abstract time integrator (`type, abstract :: integrator`) with a
! DEFERRED binding `step` declared by an ABSTRACT INTERFACE, extended by
! Euler and Heun (RK2) schemes; its inherited `run` calls `self%step`,
! bound at run time. The driver runs a `type(heun_t)`: every reference
! passes `run` that type, so `self%step` resolves to heun_step.
module integrators
  implicit none
  private
  public :: integrator, euler_t, heun_t, dp
  integer, parameter :: dp = kind(1.0d0)
  type, abstract :: integrator
    real(dp) :: dt = 0.1_dp
  contains
    procedure(step_iface), deferred :: step
    procedure :: run => integ_run
  end type
  abstract interface
    subroutine step_iface(self, u, k)
      import :: integrator, dp
      class(integrator), intent(in) :: self
      real(dp), intent(inout) :: u(:)
      real(dp), intent(in) :: k
    end subroutine
  end interface
  type, extends(integrator) :: euler_t
  contains
    procedure :: step => euler_step
  end type
  type, extends(integrator) :: heun_t
  contains
    procedure :: step => heun_step
  end type
contains
  pure function rhs(u, k) result(f)
    real(dp), intent(in) :: u(:), k
    real(dp) :: f(size(u))
    integer :: i, n
    n = size(u)
    do i = 1, n
      f(i) = -k*u(i)**3 + 0.1_dp*u(mod(i, n) + 1)
    end do
  end function
  subroutine euler_step(self, u, k)
    class(euler_t), intent(in) :: self
    real(dp), intent(inout) :: u(:)
    real(dp), intent(in) :: k
    u = u + self%dt*rhs(u, k)
  end subroutine
  subroutine heun_step(self, u, k)
    class(heun_t), intent(in) :: self
    real(dp), intent(inout) :: u(:)
    real(dp), intent(in) :: k
    real(dp) :: u1(size(u))
    u1 = u + self%dt*rhs(u, k)
    u = 0.5_dp*(u + u1 + self%dt*rhs(u1, k))
  end subroutine
  subroutine integ_run(self, u, k, nsteps)
    class(integrator), intent(in) :: self
    real(dp), intent(inout) :: u(:)
    real(dp), intent(in) :: k
    integer, intent(in) :: nsteps
    integer :: it
    do it = 1, nsteps
      call self%step(u, k)
    end do
  end subroutine
end module integrators

module driver
  use integrators
  implicit none
contains
  subroutine run(x, k, n, nsteps, cost)
    integer, intent(in) :: n, nsteps
    real(dp), intent(in) :: x(n), k
    real(dp), intent(out) :: cost
    type(heun_t) :: ti
    real(dp) :: u(n)
    ti%dt = 0.05_dp
    u = x
    call ti%run(u, k, nsteps)
    cost = sum(u**2)
  end subroutine
end module driver
