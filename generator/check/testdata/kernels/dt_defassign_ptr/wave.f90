! An F95 model's field type: a POINTER array, since F95 had no
! ALLOCATABLE components, and a defined assignment that copies deeply
! (the intrinsic one would copy the pointer and share the data): the
! target is allocated on first use and takes the values. A leapfrog
! wave step keeps the two previous levels by whole copies
! (hold = hnow; hnow = hnew), the first one allocating hold%d.
module mod_field
  implicit none
  private
  public :: field, assignment(=)
  type :: field
    real(8), pointer :: d(:) => null()
  end type field
  interface assignment(=)
    module procedure field_copy
  end interface
contains
  subroutine field_copy(a, b)
    type(field), intent(inout) :: a
    type(field), intent(in) :: b
    if (.not. associated(a%d)) allocate(a%d(size(b%d)))
    a%d = b%d
  end subroutine field_copy
end module mod_field

module mod_wave
  use mod_field
  implicit none
  private
  public :: wave
contains
  subroutine wave(n, nt, h0, c, cost)
    integer, intent(in) :: n, nt
    real(8), intent(in) :: h0(n), c
    real(8), intent(out) :: cost
    type(field) :: hold, hnow, hnew
    integer :: it
    allocate(hnow%d(n), hnew%d(n))
    hnow%d = h0
    hold = hnow
    do it = 1, nt
      hnew%d = 2*hnow%d - hold%d + c**2*(cshift(hnow%d, 1) - 2*hnow%d + cshift(hnow%d, -1))
      hold = hnow
      hnow = hnew
    end do
    cost = sum(hnow%d**2) + sum(hold%d*hnow%d)
    deallocate(hold%d, hnow%d, hnew%d)
  end subroutine wave
end module mod_wave
