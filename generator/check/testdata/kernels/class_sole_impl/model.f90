! A flux limiter written against an abstract type (`procedure(phi_iface),
! deferred, nopass :: phi`) with a single implementation in the program
! (vanleer), held in a CLASS ALLOCATABLE component and called as
! `a%lim%phi(r)`: every dynamic type binds vl_phi, so the reference is
! vl_phi's (it was rejected as bound at run time).
module lim_mod
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type, abstract :: limiter
  contains
    procedure(phi_iface), deferred, nopass :: phi
  end type
  abstract interface
    elemental real(dp) function phi_iface(r)
      import dp
      real(dp), intent(in) :: r
    end function
  end interface
  type, extends(limiter) :: vanleer
  contains
    procedure, nopass :: phi => vl_phi
  end type
contains
  elemental real(dp) function vl_phi(r)
    real(dp), intent(in) :: r
    vl_phi = (r + abs(r))/(1 + abs(r))
  end function
end module
module advect_mod
  use lim_mod
  implicit none
  type :: advect
    real(dp), allocatable :: q(:)
    class(limiter), allocatable :: lim
  end type
contains
  subroutine step(a, c)
    type(advect), intent(inout) :: a
    real(dp), intent(in) :: c
    integer :: i
    real(dp) :: r, f(size(a%q))
    f = 0
    do i = 2, size(a%q) - 1
      r = (a%q(i) - a%q(i-1) + 1.0e-3_dp)/(a%q(i+1) - a%q(i) + 1.0e-3_dp)
      f(i) = c*a%q(i) + 0.5_dp*c*(1 - c)*a%lim%phi(r)*(a%q(i+1) - a%q(i))
    end do
    do i = 3, size(a%q) - 1
      a%q(i) = a%q(i) - (f(i) - f(i-1))
    end do
  end subroutine
  subroutine run(x, cost)
    real(dp), intent(in) :: x(12)
    real(dp), intent(out) :: cost
    type(advect) :: a
    integer :: it
    allocate(vanleer :: a%lim)
    allocate(a%q(12))
    a%q = x
    do it = 1, 5
      call step(a, 0.4_dp)
    end do
    cost = sum(a%q**2)
  end subroutine
end module
