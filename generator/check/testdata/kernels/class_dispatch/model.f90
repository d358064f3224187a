! A flux limiter chosen at set-up (`allocate(smooth :: a%lim)`) and called
! through a binding the extensions override (`a%lim%phi(r)`): bound at run
! time. fadj differentiated the declared type's procedure (lin_phi) in
! place of the dynamic type's (smooth_phi): the derivatives were wrong by
! 9e-2; then rejected where the reference was active. Now dispatched on
! the dynamic type: one branch per procedure the types bind phi to.
module lim_mod
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type :: limiter
  contains
    procedure, nopass :: phi => lin_phi
  end type
  type, extends(limiter) :: minmod
  contains
    procedure, nopass :: phi => minmod_phi
  end type
  type, extends(limiter) :: smooth
  contains
    procedure, nopass :: phi => smooth_phi
  end type
contains
  elemental real(dp) function lin_phi(r)
    real(dp), intent(in) :: r
    lin_phi = r
  end function
  elemental real(dp) function minmod_phi(r)
    real(dp), intent(in) :: r
    minmod_phi = max(0.0_dp, min(1.0_dp, r))
  end function
  elemental real(dp) function smooth_phi(r)
    real(dp), intent(in) :: r
    smooth_phi = r*r/(1 + r*r)
  end function
end module
module driver
  use lim_mod
  implicit none
  type :: advect
    real(dp) :: q(10) = 0
    class(limiter), allocatable :: lim
  end type
contains
  subroutine run(x, kind, cost)
    real(dp), intent(in) :: x(10)
    integer, intent(in) :: kind
    real(dp), intent(out) :: cost
    type(advect) :: a
    integer :: i
    select case (kind)
    case (1)
      allocate(minmod :: a%lim)
    case default
      allocate(smooth :: a%lim)
    end select
    a%q = x
    do i = 2, 10
      a%q(i) = a%q(i) - 0.1_dp*(a%q(i) - a%q(i-1))*a%lim%phi(a%q(i))
    end do
    cost = sum(a%q**2)
  end subroutine
end module
