! Derived types: sequence, private components, extension, pointers,
! nested components, allocatable components, structure constructors.
module shapes
  implicit none

  type :: point
    real :: x, y
  end type point

  type, public :: circle
    private
    type(point) :: centre
    real :: radius = 1.0
  end type circle

  type seq_t
    sequence
    integer :: i
    real :: r(3)
  end type seq_t

  type, extends(point) :: point3
    real :: z = 0.0
  end type point3

  type node
    integer :: value = 0
    type(node), pointer :: next => null()
    real, allocatable :: payload(:)
    character(len=8) :: tag = 'none'
  end type node

contains

  function make_circle(x, y, r) result(c)
    real, intent(in) :: x, y, r
    type(circle) :: c
    c%centre = point(x, y)
    c%radius = r
  end function make_circle

  real function area(c)
    type(circle), intent(in) :: c
    area = 3.14159*c%radius**2
  end function area

end module shapes

program types
  use shapes
  implicit none
  type(point) :: p
  type(point3) :: q
  type(seq_t) :: s
  type(node), pointer :: head, cur
  type(node), target :: last
  class(point), allocatable :: poly
  p = point(1.0, 2.0)
  q = point3(1.0, 2.0, 3.0)
  q%point%x = p%x
  s = seq_t(1, [1.0, 2.0, 3.0])
  s%r(2:3) = s%r(1)
  allocate(head)
  allocate(head%payload(10), stat=s%i)
  head%payload(:) = 0.0
  head%next => last
  last%tag(1:3) = 'end'
  cur => head
  do while (associated(cur))
    print *, cur%value, cur%tag
    cur => cur%next
  end do
  deallocate(head%payload)
  nullify(head%next, cur)
  deallocate(head)
  allocate(point3 :: poly)
  print *, area(make_circle(p%x, p%y, 2.0)), q%z, s%r
end program types
