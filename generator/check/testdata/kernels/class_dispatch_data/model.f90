! A Sweby limiter whose extension holds its parameter (`beta`), called
! through a PASS binding of a polymorphic dummy: the passed object holds
! data, which a branch over the dynamic types could not pass without
! SELECT TYPE (rejected by the parser): still rejected where active.
module limiters
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
  type, extends(limiter) :: vanleer
  contains
    procedure :: phi => vl_phi
  end type
  type, extends(limiter) :: sweby
    real(dp) :: beta = 1.5_dp
  contains
    procedure :: phi => sw_phi
  end type
contains
  pure real(dp) function vl_phi(self, r)
    class(vanleer), intent(in) :: self
    real(dp), intent(in) :: r
    vl_phi = (r + abs(r))/(1 + abs(r))
  end function
  pure real(dp) function sw_phi(self, r)
    class(sweby), intent(in) :: self
    real(dp), intent(in) :: r
    sw_phi = max(0.0_dp, min(self%beta*r, 1.0_dp), min(r, self%beta))
  end function
end module

module advection
  use limiters
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

  subroutine run(n, q, c, which, cost)
    integer, intent(in) :: n, which
    real(dp), intent(inout) :: q(n)
    real(dp), intent(in) :: c
    real(dp), intent(out) :: cost
    class(limiter), allocatable :: lim
    if (which == 1) then
      allocate(vanleer :: lim)
    else
      allocate(sweby :: lim)
    end if
    call step(lim, n, q, c)
    cost = sum(q**2)
  end subroutine
end module
