! A three-level limiter family: an abstract base, an abstract TVD family
! binding a default phi, minmod inheriting it and superbee overriding it;
! an array of limiters, one per tracer, called as lims(k)%phi(r).
module lims
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type, abstract :: limiter
  contains
    procedure(phi_iface), deferred :: phi
  end type
  abstract interface
    real(dp) function phi_iface(self, r)
      import :: limiter, dp
      class(limiter), intent(in) :: self
      real(dp), intent(in) :: r
    end function
  end interface
  type, abstract, extends(limiter) :: tvd
  contains
    procedure :: phi => tvd_phi
  end type
  type, extends(tvd) :: minmod
  end type
  type, extends(tvd) :: superbee
  contains
    procedure :: phi => sb_phi
  end type
  type :: holder
    class(limiter), allocatable :: l
  end type
contains
  real(dp) function tvd_phi(self, r)
    class(tvd), intent(in) :: self
    real(dp), intent(in) :: r
    tvd_phi = max(0.0_dp, min(1.0_dp, r))
  end function
  real(dp) function sb_phi(self, r)
    class(superbee), intent(in) :: self
    real(dp), intent(in) :: r
    sb_phi = max(0.0_dp, min(2*r, 1.0_dp), min(r, 2.0_dp))
  end function
end module

module tracers
  use lims
  implicit none
contains
  subroutine advect(nt, n, q, c, cost)
    integer, intent(in) :: nt, n
    real(dp), intent(inout) :: q(n, nt)
    real(dp), intent(in) :: c
    real(dp), intent(out) :: cost
    type(holder) :: h(nt)
    real(dp) :: r, f(n)
    integer :: i, k
    do k = 1, nt
      if (mod(k, 2) == 0) then
        allocate(minmod :: h(k)%l)
      else
        allocate(superbee :: h(k)%l)
      end if
    end do
    do k = 1, nt
      f = 0
      do i = 2, n - 1
        r = (q(i, k) - q(i-1, k) + 0.01_dp)/(q(i+1, k) - q(i, k) + 0.01_dp)
        f(i) = c*q(i, k) + 0.5_dp*c*(1 - c)*h(k)%l%phi(r)*(q(i+1, k) - q(i, k))
      end do
      do i = 3, n - 1
        q(i, k) = q(i, k) - (f(i) - f(i-1))
      end do
    end do
    cost = sum(q**2)
  end subroutine
end module
