! The limiter family split over modules as a model lays it out: the
! abstract type in one module, the implementations in another, the
! advection step seeing only the abstract type; the set-up picks one.
module limiter_base
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type, abstract :: limiter
  contains
    procedure(phi_iface), deferred :: phi
  end type
  abstract interface
    pure real(dp) function phi_iface(self, r)
      import :: limiter, dp
      class(limiter), intent(in) :: self
      real(dp), intent(in) :: r
    end function
  end interface
end module

module limiter_impl
  use limiter_base
  implicit none
  private
  public :: vanleer, superbee
  type, extends(limiter) :: vanleer
  contains
    procedure :: phi => vl_phi
  end type
  type, extends(limiter) :: superbee
  contains
    procedure :: phi => sb_phi
  end type
contains
  pure real(dp) function vl_phi(self, r)
    class(vanleer), intent(in) :: self
    real(dp), intent(in) :: r
    vl_phi = (r + abs(r))/(1 + abs(r))
  end function
  pure real(dp) function sb_phi(self, r)
    class(superbee), intent(in) :: self
    real(dp), intent(in) :: r
    sb_phi = max(0.0_dp, min(2*r, 1.0_dp), min(r, 2.0_dp))
  end function
end module

module advection
  use limiter_base
  implicit none
contains
  subroutine step(lim, n, q, c)
    class(limiter), intent(in) :: lim
    integer, intent(in) :: n
    real(dp), intent(inout) :: q(n)
    real(dp), intent(in) :: c
    real(dp) :: r, flux(n)
    integer :: i
    flux = 0
    do i = 2, n - 1
      r = (q(i) - q(i-1) + 1e-3_dp)/(q(i+1) - q(i) + 1e-3_dp)
      flux(i) = c*q(i) + 0.5_dp*c*(1 - c)*lim%phi(r)*(q(i+1) - q(i))
    end do
    do i = 3, n - 1
      q(i) = q(i) - (flux(i) - flux(i-1))
    end do
  end subroutine
end module

module driver
  use limiter_base
  use limiter_impl
  use advection
  implicit none
contains
  subroutine run(n, q, c, which, cost)
    integer, intent(in) :: n, which
    real(dp), intent(inout) :: q(n)
    real(dp), intent(in) :: c
    real(dp), intent(out) :: cost
    class(limiter), allocatable :: lim
    integer :: it
    if (which == 1) then
      allocate(vanleer :: lim)
    else
      allocate(superbee :: lim)
    end if
    do it = 1, 3
      call step(lim, n, q, c)
    end do
    cost = sum(q**2)
  end subroutine
end module
