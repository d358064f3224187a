! A model framework drives a concrete ocean model through procedures of
! its base type: `call m%run(dt, nsteps)`, `run` inherited from
! base_model, whose passed object `class(base_model)` calls `step` and
! `misfit`, which ocean_model overrides (bound at run time). Every
! reference passes `run` a `type(ocean_model)`: the dynamic type is
! fixed, and the bindings resolve to ocean_step and ocean_misfit.
! ocean_step calls the parent's step: the derivatives of `run` go into a
! second derivative module (base_model_mod_dyn_b), since
! base_model_mod_b and ocean_mod_b would use each other.
module base_model_mod
  implicit none
  private
  public :: base_model, dp
  integer, parameter :: dp = kind(1.0d0)
  type :: base_model
    integer :: n = 0
    real(dp) :: u(10) = 0
    real(dp) :: visc = 0.1_dp
    real(dp) :: j = 0
  contains
    procedure :: step => base_step
    procedure :: misfit => base_misfit
    procedure :: run => base_run
    procedure :: energy => base_energy
  end type
contains
  subroutine base_step(self, dt)
    class(base_model), intent(inout) :: self
    real(dp), intent(in) :: dt
    self%u(1:self%n) = self%u(1:self%n)*(1 - dt*self%visc)
  end subroutine
  function base_misfit(self) result(r)
    class(base_model), intent(in) :: self
    real(dp) :: r
    r = 0
  end function
  subroutine base_run(self, dt, nsteps)
    class(base_model), intent(inout) :: self
    real(dp), intent(in) :: dt
    integer, intent(in) :: nsteps
    integer :: it
    self%j = 0
    do it = 1, nsteps
      call self%step(dt)
      self%j = self%j + dt*self%misfit()
    end do
  end subroutine
  function base_energy(self) result(e)
    class(base_model), intent(in) :: self
    real(dp) :: e
    e = 0.5_dp*sum(self%u(1:self%n)**2)
  end function
end module base_model_mod

module ocean_mod
  use base_model_mod
  implicit none
  private
  public :: ocean_model
  type, extends(base_model) :: ocean_model
    real(dp) :: drag = 0.02_dp
    real(dp) :: forcing(10) = 0
    real(dp) :: obs(10) = 0
  contains
    procedure :: step => ocean_step
    procedure :: misfit => ocean_misfit
  end type
contains
  subroutine ocean_step(self, dt)
    class(ocean_model), intent(inout) :: self
    real(dp), intent(in) :: dt
    integer :: i
    real(dp) :: up(10)
    call self%base_model%step(dt)
    up = self%u
    do i = 2, self%n - 1
      self%u(i) = up(i) + dt*(self%visc*(up(i-1) - 2*up(i) + up(i+1)) &
                  - self%drag*up(i)*abs(up(i)) + self%forcing(i))
    end do
  end subroutine
  function ocean_misfit(self) result(r)
    class(ocean_model), intent(in) :: self
    real(dp) :: r
    r = sum((self%u(1:self%n) - self%obs(1:self%n))**2)
  end function
end module ocean_mod

module driver
  use base_model_mod
  use ocean_mod
  implicit none
contains
  subroutine run(x, f, n, nsteps, cost)
    integer, intent(in) :: n, nsteps
    real(dp), intent(in) :: x(n), f(n)
    real(dp), intent(out) :: cost
    type(ocean_model) :: m
    integer :: i
    m%n = n
    m%u(1:n) = x
    m%forcing(1:n) = f
    do i = 1, n
      m%obs(i) = 0.1_dp*i
    end do
    m%drag = 0.01_dp + 0.01_dp*x(1)**2
    call m%run(0.1_dp, nsteps)
    cost = m%j + m%energy() + m%drag
  end subroutine
end module driver
