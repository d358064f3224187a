! Fields whose storage an allocation routine (re)allocates at each step,
! as models resize work fields: a type with a POINTER array component
! and one with an ALLOCATABLE one, each (re)allocated by a routine that
! only allocates (no derivative version), then filled from the inputs.
module fields
  implicit none
  type pfield
    real(8), pointer :: d(:) => null()
  end type pfield
  type afield
    real(8), allocatable :: d(:)
  end type afield
contains
  subroutine palloc(f, n)
    type(pfield), intent(inout) :: f
    integer, intent(in) :: n
    if (associated(f%d)) deallocate(f%d)
    allocate(f%d(n))
  end subroutine palloc

  subroutine aalloc(f, n)
    type(afield), intent(inout) :: f
    integer, intent(in) :: n
    if (allocated(f%d)) deallocate(f%d)
    allocate(f%d(n))
  end subroutine aalloc

  subroutine run(n, x, y)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n)
    real(8), intent(out) :: y
    type(pfield) :: p
    type(afield) :: a
    integer :: i, k
    y = 0
    do k = 1, 3
      call palloc(p, n)
      call aalloc(a, n)
      do i = 1, n
        p%d(i) = x(i)**2*k + y
        a%d(i) = sin(p%d(i)) + x(n+1-i)
      end do
      y = y + sum(p%d*x) + 0.5d0*sum(a%d**2)
    end do
    deallocate(p%d)
  end subroutine run
end module fields
