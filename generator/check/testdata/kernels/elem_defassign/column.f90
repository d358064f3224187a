! A column of air parcels whose type defines ELEMENTAL assignments, as
! physics packages do to keep a diagnostic consistent: copying a parcel
! recomputes its relative humidity from its temperature and moisture,
! and a parcel is set from a temperature alone (dry). The assignments
! run on whole arrays of parcels (p = t0, old = p), on sections
! (p(2:n) = old(1:n-1), a shift up the column), on an element from a
! scalar (p(1) = old(n)), and on elements of one array in a loop
! (p(k) = p(k+1): distinct elements, passed as they are).
module mod_parcel
  implicit none
  private
  public :: parcel, assignment(=), dp
  integer, parameter :: dp = kind(1.0d0)
  type :: parcel
    real(dp) :: t = 0, q = 0, rh = 0
  end type parcel
  interface assignment(=)
    module procedure parcel_copy, parcel_from_t
  end interface
contains
  elemental real(dp) function qsat(t)
    real(dp), intent(in) :: t
    qsat = 3.8e-3_dp*exp(17.27_dp*(t - 273.15_dp)/(t - 35.86_dp))
  end function qsat

  elemental subroutine parcel_copy(a, b)
    type(parcel), intent(inout) :: a
    type(parcel), intent(in) :: b
    a%t = b%t
    a%q = b%q
    a%rh = b%q/qsat(b%t)
  end subroutine parcel_copy

  elemental subroutine parcel_from_t(a, t)
    type(parcel), intent(out) :: a
    real(dp), intent(in) :: t
    a%t = t
    a%q = 0
    a%rh = 0
  end subroutine parcel_from_t
end module mod_parcel

module mod_column
  use mod_parcel
  implicit none
  private
  public :: column
contains
  subroutine column(n, nt, t0, q0, w, cost)
    integer, intent(in) :: n, nt
    real(dp), intent(in) :: t0(n), q0(n), w
    real(dp), intent(out) :: cost
    type(parcel) :: p(n), old(n)
    integer :: it, k
    p = t0
    p%q = q0
    cost = 0
    do it = 1, nt
      old = p
      p(2:n) = old(1:n-1)
      p(1) = old(n)
      p%t = (1 - w)*p%t + w*old%t
      p%q = (1 - w)*p%q + w*old%q
      cost = cost + sum(p%rh*old%t)
      ! sinking by one level: each parcel from the one above
      do k = 1, n - 1
        p(k) = p(k+1)
      end do
      cost = cost + sum(p%rh*p%t)
    end do
  end subroutine column
end module mod_column
