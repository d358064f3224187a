! A model initialises its state through the base type's `init`, whose
! passed object is `class(base_state), intent(out)`, after setting fields
! of the extension: INTENT(OUT) default-initialises the extension's
! components (`melt`, `t`) too, unseen by `init`. Their derivatives are
! zero after the call: the caller, which passes a `type(ice_state)`,
! zeroes them (was rejected as a polymorphic variable).
module base_mod
  implicit none
  private
  public :: base_state, dp
  integer, parameter :: dp = kind(1.0d0)
  type :: base_state
    integer :: n = 0
    real(dp) :: h(12) = 0
    real(dp) :: damp = 0.5_dp
  contains
    procedure :: init => base_init
    procedure :: relax => base_relax
    procedure :: norm2 => base_norm2
  end type
contains
  subroutine base_init(self, x, n)
    class(base_state), intent(out) :: self
    integer, intent(in) :: n
    real(dp), intent(in) :: x(n)
    self%n = n
    self%h(1:n) = x
    self%damp = 0.5_dp + 0.1_dp*x(1)
  end subroutine
  subroutine base_relax(self, dt, niter)
    class(base_state), intent(inout) :: self
    real(dp), intent(in) :: dt
    integer, intent(in) :: niter
    integer :: k, i
    real(dp) :: hold
    do k = 1, niter
      do i = 2, self%n - 1
        hold = self%h(i)
        self%h(i) = hold + dt*self%damp*(self%h(i-1) - 2*hold + self%h(i+1)) - dt*hold**3
      end do
    end do
  end subroutine
  pure function base_norm2(self) result(r)
    class(base_state), intent(in) :: self
    real(dp) :: r
    r = sum(self%h(1:self%n)**2)
  end function
end module base_mod

module ice_mod
  use base_mod
  implicit none
  private
  public :: ice_state
  type, extends(base_state) :: ice_state
    real(dp) :: melt = 0.01_dp
    real(dp) :: t(12) = 0
  contains
    procedure :: step => ice_step
  end type
contains
  subroutine ice_step(self, dt)
    class(ice_state), intent(inout) :: self
    real(dp), intent(in) :: dt
    associate (h => self%h, t => self%t, n => self%n)
      block
        integer :: i
        do i = 1, n
          t(i) = t(i) + dt*(h(i) - t(i))
          h(i) = h(i)*(1 - self%melt*t(i))
        end do
      end block
    end associate
    call self%relax(dt, 2)
  end subroutine
end module ice_mod

module driver
  use base_mod
  use ice_mod
  implicit none
contains
  subroutine run(x, n, nsteps, cost)
    integer, intent(in) :: n, nsteps
    real(dp), intent(in) :: x(n)
    real(dp), intent(out) :: cost
    type(ice_state) :: s
    integer :: it
    s%melt = 0.05_dp*x(2)
    s%t(1:n) = 0.5_dp*x
    call s%init(x, n)
    s%t(1:n) = 0.5_dp*x
    do it = 1, nsteps
      call s%step(0.05_dp)
    end do
    cost = s%norm2() + sum(s%t)
  end subroutine
end module driver
