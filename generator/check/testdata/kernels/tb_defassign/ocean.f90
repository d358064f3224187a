! An ocean field type with a land mask whose assignments are type-bound
! generics (generic :: assignment(=) => ..., PRIVATE specifics, CLASS
! passed objects): a field copied from a field takes its data and mask,
! a field set from an array of values keeps its own mask and applies it
! (h = h0, and h = h%data after a diffusion step, whose right side reads
! the left: it is passed as a copy of its value).
module mod_field
  implicit none
  private
  public :: field, dp
  integer, parameter :: dp = kind(1.0d0)
  type :: field
    real(dp), allocatable :: data(:)
    real(dp), allocatable :: mask(:)
  contains
    procedure :: init
    generic :: assignment(=) => assign_field, assign_values
    procedure, private :: assign_field
    procedure, private, pass(self) :: assign_values
  end type field
contains
  subroutine init(self, n)
    class(field), intent(inout) :: self
    integer, intent(in) :: n
    integer :: i
    allocate(self%data(n), self%mask(n))
    self%data = 0
    do i = 1, n
      self%mask(i) = merge(0.0_dp, 1.0_dp, mod(i, 4) == 0)
    end do
  end subroutine init

  subroutine assign_field(self, other)
    class(field), intent(inout) :: self
    class(field), intent(in) :: other
    if (.not. allocated(self%data)) allocate(self%data(size(other%data)), self%mask(size(other%data)))
    self%data = other%data
    self%mask = other%mask
  end subroutine assign_field

  subroutine assign_values(self, x)
    class(field), intent(inout) :: self
    real(dp), intent(in) :: x(:)
    self%data = x*self%mask
  end subroutine assign_values
end module mod_field

module mod_ocean
  use mod_field
  implicit none
  private
  public :: ocean
contains
  subroutine ocean(n, nt, h0, nu, cost)
    integer, intent(in) :: n, nt
    real(dp), intent(in) :: h0(n), nu
    real(dp), intent(out) :: cost
    type(field) :: h, hold
    integer :: it
    call h%init(n)
    h = h0
    cost = 0
    do it = 1, nt
      hold = h
      h%data = hold%data + nu*(cshift(hold%data, 1) - 2*hold%data + cshift(hold%data, -1))
      h = h%data
      cost = cost + sum((h%data - hold%data)**2)
    end do
    cost = cost + sum(h%data**3)
  end subroutine ocean
end module mod_ocean
