! An extension overriding a PURE function binding and calling the
! parent's through the parent component (`self%base_t%flux(i)`), stepping
! the parent part through a generic binding (`generic :: add => add_s,
! add_v`) on an ASSOCIATE name for the parent component, in a binomially
! checkpointed loop.
module base_mod
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type :: base_t
    real(dp) :: u(8) = 0
    real(dp) :: k = 1
  contains
    procedure :: add_s => base_add_s
    procedure :: add_v => base_add_v
    generic :: add => add_s, add_v
    procedure :: flux => base_flux
  end type
contains
  subroutine base_add_s(self, a)
    class(base_t), intent(inout) :: self
    real(dp), intent(in) :: a
    self%u = self%u + a*self%k
  end subroutine
  subroutine base_add_v(self, v)
    class(base_t), intent(inout) :: self
    real(dp), intent(in) :: v(:)
    self%u = self%u + self%k*v**2
  end subroutine
  pure function base_flux(self, i) result(f)
    class(base_t), intent(in) :: self
    integer, intent(in) :: i
    real(dp) :: f
    f = self%k*(self%u(i+1) - self%u(i))
  end function
end module base_mod
module ext_mod
  use base_mod
  implicit none
  type, extends(base_t) :: ext_t
    real(dp) :: s(8) = 0
  contains
    procedure :: flux => ext_flux
    procedure :: step => ext_step
  end type
contains
  pure function ext_flux(self, i) result(f)
    class(ext_t), intent(in) :: self
    integer, intent(in) :: i
    real(dp) :: f
    f = self%base_t%flux(i) + 0.1_dp*self%s(i)*self%u(i)
  end function
  subroutine ext_step(self, dt)
    class(ext_t), intent(inout) :: self
    real(dp), intent(in) :: dt
    real(dp) :: fl(8)
    integer :: i
    fl = 0
    do i = 1, 7
      fl(i) = self%flux(i)
    end do
    associate (b => self%base_t)
      call b%add(dt*fl)
      call b%add(-0.01_dp*dt)
    end associate
    self%s = self%s + dt*self%u
  end subroutine
end module ext_mod
module driver
  use ext_mod
  implicit none
contains
  subroutine run(x, cost)
    real(dp), intent(in) :: x(8)
    real(dp), intent(out) :: cost
    type(ext_t) :: e
    integer :: it
    e%u = x
    e%k = x(3)
    e%s = 0.5_dp*x
    do it = 1, 3
      call e%step(0.1_dp)
    end do
    cost = sum(e%u**2) + sum(e%s)
  end subroutine
end module driver
