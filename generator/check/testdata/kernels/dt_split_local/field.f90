! A field type with an ALLOCATABLE component and defined operators, stepped
! by a routine with locals of the type (its tendency t, an array of stages),
! reversed with
! calls: split: step_bwd starts with them unallocated, and its backward
! sweep failed (SIGSEGV) until step_fwd recorded their allocation for it.
module fld
  implicit none
  type :: field
    real(8), allocatable :: d(:)
  contains
    generic :: operator(+) => add
    generic :: operator(*) => scal
    procedure, private :: add
    procedure, private, pass(b) :: scal
  end type field
contains
  type(field) function add(a, b) result(c)
    class(field), intent(in) :: a, b
    c%d = a%d + b%d
  end function add
  type(field) function scal(s, b) result(c)
    real(8), intent(in) :: s
    class(field), intent(in) :: b
    c%d = s*b%d
  end function scal
  subroutine step(h, k)
    type(field), intent(inout) :: h
    real(8), intent(in) :: k
    type(field) :: t, stage(2)
    t%d = k*(cshift(h%d, 1) - 2*h%d + cshift(h%d, -1)) - h%d**3
    stage(1)%d = 0.5d0*t%d
    stage(2)%d = stage(1)%d + h%d**2
    h = h + 0.05d0*t
    h%d = h%d + 0.01d0*stage(2)%d
  end subroutine step
  subroutine run3(n, nt, h0, k, cost)
    integer, intent(in) :: n, nt
    real(8), intent(in) :: h0(n), k
    real(8), intent(out) :: cost
    type(field) :: h
    integer :: it
    h%d = h0
    do it = 1, nt
      call step(h, k)
    end do
    cost = 0.5d0*sum(h%d**2)
  end subroutine run3
end module fld
