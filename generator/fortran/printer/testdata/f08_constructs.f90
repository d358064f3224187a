! Fortran 2003/2008 constructs: type-bound procedures (PROCEDURE, GENERIC,
! FINAL), BLOCK, ASSOCIATE and DO CONCURRENT with a mask.
module geometry
  implicit none
  private
  public :: shape, circle, vec

  type :: shape
    character(len=12) :: label = 'shape'
  CONTAINS   ! the binding part
    ! the area of any shape
    procedure :: area => shape_area
    procedure, pass(self) :: describe
    PROCEDURE, NOPASS :: unit_count
    procedure, non_overridable :: scaled_area
  end type shape

  type, extends(shape) :: circle
    real :: r = 1.0
  contains
    procedure :: area => circle_area, perimeter => circle_perimeter, circumference_of_the_circle => circle_perimeter, &
      radius_length => circle_perimeter
    final :: drop_circle
  end type circle

  type :: vec
    real :: x = 0.0, y = 0.0
  contains
    procedure, private :: add_vec, scale_vec
    procedure describe_vec
    generic, public :: operator(+) => add_vec
    generic :: operator(*) => scale_vec
    generic :: show => describe_vec
  end type vec

  type :: empty_bindings
    integer :: n = 0
  contains
  end type empty_bindings

contains

  real function shape_area(self)
    class(shape), intent(in) :: self
    shape_area = 0.0
  end function shape_area

  subroutine describe(self)
    class(shape), intent(in) :: self
    print '(a12, f10.4)', self%label, self%area()
  end subroutine describe

  integer function unit_count()
    unit_count = 1
  end function unit_count

  real function scaled_area(self, k)
    class(shape), intent(in) :: self
    real, intent(in) :: k
    scaled_area = k*self%area()
  end function scaled_area

  real function circle_area(self)
    class(circle), intent(in) :: self
    circle_area = 3.14159*self%r**2
  end function circle_area

  real function circle_perimeter(self)
    class(circle), intent(in) :: self
    circle_perimeter = 2*3.14159*self%r
  end function circle_perimeter

  subroutine drop_circle(c)
    type(circle), intent(inout) :: c
    c%r = 0.0
  end subroutine drop_circle

  type(vec) function add_vec(u, v)
    class(vec), intent(in) :: u, v
    add_vec = vec(u%x + v%x, u%y + v%y)
  end function add_vec

  type(vec) function scale_vec(u, k)
    class(vec), intent(in) :: u
    real, intent(in) :: k
    scale_vec = vec(k*u%x, k*u%y)
  end function scale_vec

  subroutine describe_vec(u)
    class(vec), intent(in) :: u
    print *, u%x, u%y
  end subroutine describe_vec

end module geometry

program constructs
  use geometry
  implicit none
  integer, parameter :: n = 8
  real :: a(n), b(n, n), total
  integer :: i, j
  type(circle) :: c
  type(vec) :: p, q

  a = [(real(i - 4), i = 1, n)]
  b = 0.0
  ! only the positive entries
  do concurrent (i = 1:n, a(i) > 0.0)
    a(i) = sqrt(a(i))
  end do
  grid: DO CONCURRENT (i = 1:n:2, j = 1:n, i /= j .and. a(i) > 0.0)
    b(i, j) = a(i) + real(j)
  end do grid

  block
    real :: tmp(n)   ! local to the block
    integer :: k
    tmp = a
    k = count(tmp > 0.0)
    print *, 'positive:', k
  end block

  outer: BLOCK
    use geometry, only: vec
    type(vec) :: r
    r = vec(1.0, 2.0)
    if (r%x > 5.0) exit outer
    inner: block
      integer :: m
      m = 2
      print *, m*r%x
    end block inner
  END BLOCK outer

  c%r = 2.0
  p = vec(1.0, 2.0)
  q = p + p*2.0
  call q%show()
  associate (s => c%r, area => c%area(), first_column => b(:, 1))
    print *, s, area, sum(first_column)
  end associate
  named: associate (pos => a(2:n:2))
    total = sum(pos)
    associate (twice => 2.0*total)
      ! nested
      print *, twice
    end associate
  end associate named
  10 associate (very_long_association_name_one => a(1) + a(2) + a(3) + a(4), very_long_association_name_two => b(1, 1) + &
                b(2, 2) + b(3, 3) + b(4, 4))
    print *, very_long_association_name_one, very_long_association_name_two
  20 end associate
  print *, c%scaled_area(2.0), c%unit_count()
end program constructs
