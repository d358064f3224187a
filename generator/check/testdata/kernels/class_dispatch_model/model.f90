! A model object holding its advection scheme as a polymorphic component,
! chosen at set-up, stepping through type-bound procedures: the scheme's
! tendency (a PASS subroutine) and its CFL factor (a PASS function used
! in an IF statement and an expression) are bound at run time.
module schemes
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  type, abstract :: scheme_t
  contains
    procedure(tend_iface), deferred :: tendency
    procedure :: factor => base_factor
  end type
  abstract interface
    subroutine tend_iface(self, q, dq)
      import :: scheme_t, wp
      class(scheme_t), intent(in) :: self
      real(wp), intent(in) :: q(:)
      real(wp), intent(out) :: dq(:)
    end subroutine
  end interface
  type, extends(scheme_t) :: upwind
  contains
    procedure :: tendency => upwind_tend
  end type
  type, extends(scheme_t) :: centred
  contains
    procedure :: tendency => centred_tend
    procedure :: factor => centred_factor
  end type
contains
  real(wp) function base_factor(self, q)
    class(scheme_t), intent(in) :: self
    real(wp), intent(in) :: q
    base_factor = 1.0_wp
  end function
  real(wp) function centred_factor(self, q)
    class(centred), intent(in) :: self
    real(wp), intent(in) :: q
    centred_factor = 1.0_wp/(1.0_wp + q*q)
  end function
  subroutine upwind_tend(self, q, dq)
    class(upwind), intent(in) :: self
    real(wp), intent(in) :: q(:)
    real(wp), intent(out) :: dq(:)
    integer :: i, n
    n = size(q)
    dq(1) = 0
    do i = 2, n
      dq(i) = -(q(i)**2 - q(i-1)**2)*0.5_wp
    end do
  end subroutine
  subroutine centred_tend(self, q, dq)
    class(centred), intent(in) :: self
    real(wp), intent(in) :: q(:)
    real(wp), intent(out) :: dq(:)
    integer :: i, n
    n = size(q)
    dq(1) = 0
    dq(n) = 0
    do i = 2, n - 1
      dq(i) = -(q(i+1)**2 - q(i-1)**2)*0.25_wp
    end do
  end subroutine
end module

module ocean
  use schemes
  implicit none
  type :: model_t
    real(wp), allocatable :: q(:)
    real(wp) :: dt = 0.05_wp
    class(scheme_t), allocatable :: adv
  contains
    procedure :: step => model_step
  end type
contains
  subroutine model_step(self)
    class(model_t), intent(inout) :: self
    real(wp) :: dq(size(self%q)), f
    integer :: i
    call self%adv%tendency(self%q, dq)
    f = self%dt
    if (self%q(1) > 0) f = f*self%adv%factor(self%q(1))
    do i = 1, size(self%q)
      self%q(i) = self%q(i) + f*dq(i)*self%adv%factor(self%q(i))
    end do
  end subroutine

  subroutine run(n, q0, which, cost)
    integer, intent(in) :: n, which
    real(wp), intent(in) :: q0(n)
    real(wp), intent(out) :: cost
    type(model_t) :: m
    integer :: it
    if (which == 1) then
      allocate(upwind :: m%adv)
    else
      allocate(centred :: m%adv)
    end if
    m%q = q0
    do it = 1, 5
      call m%step()
    end do
    cost = sum(m%q**2)
  end subroutine
end module
