! A 1-D tsunami model as "Modern Fortran" writes it: a field type holding
! its data in an ALLOCATABLE component, with arithmetic by defined
! operators (type-bound generics, operands of the type and reals in
! either order), type-bound functions returning arrays (the periodic
! differences), a function building a field from an array, and the
! time loop updating whole fields: h = h - dt*field_of(hu%diff()), with
! copies of whole fields (hold = h) and a passive one of another size.
module mod_field
  implicit none
  private
  public :: field, field_of, dp
  integer, parameter :: dp = kind(1.0d0)
  type :: field
    integer :: n = 0
    real(dp), allocatable :: data(:)
  contains
    procedure :: diff, mean
    generic :: operator(+) => field_add_field, field_add_real
    generic :: operator(-) => field_sub_field, field_neg
    generic :: operator(*) => field_mul_field, field_mul_real, real_mul_field
    procedure, private :: field_add_field, field_add_real, field_sub_field, field_neg
    procedure, private :: field_mul_field, field_mul_real
    procedure, private, pass(f) :: real_mul_field
  end type field
contains
  pure type(field) function field_of(x) result(f)
    real(dp), intent(in) :: x(:)
    f%n = size(x)
    f%data = x
  end function field_of

  ! Centred periodic difference, returned as an array.
  pure function diff(self) result(d)
    class(field), intent(in) :: self
    real(dp), allocatable :: d(:)
    d = 0.5_dp*(cshift(self%data, 1) - cshift(self%data, -1))
  end function diff

  pure function mean(self) result(m)
    class(field), intent(in) :: self
    real(dp) :: m(size(self%data))
    m = 0.5_dp*(self%data + cshift(self%data, 1))
  end function mean

  pure type(field) function field_add_field(a, b) result(c)
    class(field), intent(in) :: a, b
    c%n = a%n
    c%data = a%data + b%data
  end function field_add_field

  pure type(field) function field_add_real(a, s) result(c)
    class(field), intent(in) :: a
    real(dp), intent(in) :: s
    c%n = a%n
    c%data = a%data + s
  end function field_add_real

  pure type(field) function field_sub_field(a, b) result(c)
    class(field), intent(in) :: a, b
    c%n = a%n
    c%data = a%data - b%data
  end function field_sub_field

  pure type(field) function field_neg(a) result(c)
    class(field), intent(in) :: a
    c%n = a%n
    c%data = -a%data
  end function field_neg

  pure type(field) function field_mul_field(a, b) result(c)
    class(field), intent(in) :: a, b
    c%n = a%n
    c%data = a%data*b%data
  end function field_mul_field

  pure type(field) function field_mul_real(a, s) result(c)
    class(field), intent(in) :: a
    real(dp), intent(in) :: s
    c%n = a%n
    c%data = s*a%data
  end function field_mul_real

  pure type(field) function real_mul_field(s, f) result(c)
    real(dp), intent(in) :: s
    class(field), intent(in) :: f
    c%n = f%n
    c%data = s*f%data
  end function real_mul_field
end module mod_field

module mod_tsunami
  use mod_field
  implicit none
  private
  public :: tsunami
contains
  subroutine tsunami(n, nt, h0, u0, depth, cost)
    integer, intent(in) :: n, nt
    real(dp), intent(in) :: h0(n), u0(n), depth
    real(dp), intent(out) :: cost
    real(dp), parameter :: g = 9.8_dp, dt = 0.02_dp
    type(field) :: h, u, hu, hold, dh
    integer :: it
    h = field_of(h0)
    u = field_of(u0)
    hu = field_of([0.0_dp, 0.0_dp])
    cost = 0
    do it = 1, nt
      hold = h
      hu = (h + depth)*u
      u = u - dt*(u*field_of(u%diff()) + g*field_of(h%diff()))
      h = h - field_of(hu%diff())*dt
      u = u + (-u)*0.01_dp
      dh = h - hold
      cost = cost + sum(dh%data**2)
    end do
    hu = field_of(h%mean())
    cost = cost + sum(hu%data**2) + 0.5_dp*sum(u%data*h%data)
  end subroutine tsunami
end module mod_tsunami
