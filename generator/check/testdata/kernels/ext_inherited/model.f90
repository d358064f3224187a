! A model extends a base model and inherits its procedures: the
! passed-object dummy of `energy` is class(base_model), a type the program
! extends, but no extension overrides `energy`, so its binding is static.
! The extension overrides `step` and calls the parent's through the parent
! component (`call self%base_model%step(dt)`), which binds statically too.
module model_base
  implicit none
  private
  public :: base_model, dp
  integer, parameter :: dp = kind(1.0d0)
  type :: base_model
    integer :: n = 0
    real(dp), allocatable :: u(:)
  contains
    procedure :: step => base_step
    procedure :: energy => base_energy
  end type
contains
  function base_energy(self) result(e)
    class(base_model), intent(in) :: self
    real(dp) :: e
    e = 0.5_dp*sum(self%u**2)
  end function
  subroutine base_step(self, dt)
    class(base_model), intent(inout) :: self
    real(dp), intent(in) :: dt
    self%u = self%u*(1 - dt*self%u)
  end subroutine
end module model_base

module ocean
  use model_base
  implicit none
  private
  public :: ocean_model
  type, extends(base_model) :: ocean_model
    real(dp) :: kappa = 0.1_dp
  contains
    procedure :: step => ocean_step
  end type
contains
  subroutine ocean_step(self, dt)
    class(ocean_model), intent(inout) :: self
    real(dp), intent(in) :: dt
    integer :: i
    real(dp) :: du(self%n)
    call self%base_model%step(dt)
    du = 0
    do i = 2, self%n-1
      du(i) = self%kappa*(self%u(i+1) - 2*self%u(i) + self%u(i-1))
    end do
    self%u = self%u + dt*du
  end subroutine
end module ocean

module driver
  use model_base
  use ocean
  implicit none
contains
  subroutine run(x, n, nsteps, cost)
    integer, intent(in) :: n, nsteps
    real(dp), intent(in) :: x(n)
    real(dp), intent(out) :: cost
    type(ocean_model) :: m
    integer :: it
    m%n = n
    allocate(m%u(n))
    m%u = x
    m%kappa = 0.2_dp
    do it = 1, nsteps
      call m%step(0.1_dp)
    end do
    cost = m%energy()
  end subroutine
end module driver
