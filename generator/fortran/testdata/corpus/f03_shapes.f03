! Fortran 2003 features in a .f03 file: type extension with type-bound
! procedures and polymorphic CLASS dummies, allocatable components,
! MOVE_ALLOC, square-bracket array constructors, ASSOCIATE.
module shapes
  implicit none
  integer, parameter :: dp = kind(1.d0)
  real(dp), parameter :: pi = 3.141592653589793_dp

  type :: shape
     character(len=12) :: label = 'shape'
   contains
     procedure :: area => shape_area
     procedure :: describe
  end type shape

  type, extends(shape) :: circle
     real(dp) :: r = 1.0_dp
   contains
     procedure :: area => circle_area
  end type circle

  type, extends(shape) :: rectangle
     real(dp) :: w = 1.0_dp, h = 1.0_dp
   contains
     procedure :: area => rectangle_area
  end type rectangle

  type :: polyline
     real(dp), allocatable :: x(:), y(:)
  end type polyline

contains

  real(dp) function shape_area(self)
    class(shape), intent(in) :: self
    shape_area = 0.0_dp
  end function shape_area

  real(dp) function circle_area(self)
    class(circle), intent(in) :: self
    circle_area = pi * self%r**2
  end function circle_area

  real(dp) function rectangle_area(self)
    class(rectangle), intent(in) :: self
    rectangle_area = self%w * self%h
  end function rectangle_area

  subroutine describe(self)
    class(shape), intent(in) :: self
    write (*, '(a12, a, f12.6)') self%label, ' area', self%area()
  end subroutine describe

  subroutine append(p, x, y)
    type(polyline), intent(inout) :: p
    real(dp), intent(in) :: x, y
    real(dp), allocatable :: tmp(:)
    integer :: n
    if (.not. allocated(p%x)) then
       p%x = [x]
       p%y = [y]
       return
    end if
    n = size(p%x)
    allocate(tmp(n + 1))
    tmp(1:n) = p%x
    tmp(n + 1) = x
    call move_alloc(tmp, p%x)
    p%y = [p%y, y]              ! reallocation on assignment
  end subroutine append

end module shapes

program f03_shapes
  use shapes
  implicit none
  type(circle) :: c
  type(rectangle) :: r
  type(shape) :: s
  type(polyline) :: path
  real(dp) :: length
  integer :: i

  c%label = 'circle'
  c%r = 2.0_dp
  r = rectangle(label='rectangle', w=3.0_dp, h=1.5_dp)
  call s%describe()
  call c%describe()
  call r%describe()

  do i = 0, 4
     call append(path, real(i, dp), real(i * i, dp) / 4.0_dp)
  end do
  length = 0.0_dp
  do i = 2, size(path%x)
     length = length + hypot(path%x(i) - path%x(i-1), path%y(i) - path%y(i-1))
  end do
  write (*, '(a, i3, a, f12.6)') 'polyline points', size(path%x), ', length', length
  write (*, '(a, 5f7.3)') 'y values:', path%y

  associate (xs => path%x, n => size(path%x))
    write (*, '(a, f8.3)') 'mean x via associate:', sum(xs) / n
  end associate
  write (*, '(a, 6i3)') 'bracket constructor:', [1, 2, 3], [(i * i, i = 4, 6)]
end program f03_shapes
