! A field type as Fortran 2003 libraries write it: a constructor, the
! generic interface of the type's name (`u = field(x)`, and the structure
! constructor `field(v=...)` where no specific matches), generic
! type-bound operators (`u + dt*k2`, an ELEMENTAL and a PURE specific),
! PURE function bindings and a FINAL procedure, stepped by RK2 in a
! binomially checkpointed loop.
module vec_mod
  implicit none
  private
  public :: field, dp
  integer, parameter :: dp = kind(1.0d0)
  integer, parameter :: nmax = 8
  type :: field
    real(dp) :: v(nmax) = 0
  contains
    procedure :: add => field_add
    procedure :: scale => field_scale
    procedure, pass(b) :: rscale => field_rscale
    generic :: operator(+) => add
    generic :: operator(*) => rscale
    procedure :: dot => field_dot
    final :: field_final
  end type
  interface field
    module procedure field_new
  end interface
contains
  pure function field_new(x) result(f)
    real(dp), intent(in) :: x(:)
    type(field) :: f
    f%v = 0
    f%v(1:size(x)) = x
  end function
  elemental function field_add(a, b) result(c)
    class(field), intent(in) :: a, b
    type(field) :: c
    c%v = a%v + b%v
  end function
  pure function field_rscale(s, b) result(c)
    real(dp), intent(in) :: s
    class(field), intent(in) :: b
    type(field) :: c
    c%v = s*b%v
  end function
  subroutine field_scale(self, s)
    class(field), intent(inout) :: self
    real(dp), intent(in) :: s
    self%v = s*self%v
  end subroutine
  pure real(dp) function field_dot(self, other)
    class(field), intent(in) :: self, other
    field_dot = sum(self%v*other%v)
  end function
  subroutine field_final(self)
    type(field), intent(inout) :: self
    self%v = 0
  end subroutine
end module vec_mod

module integ
  use vec_mod
  implicit none
contains
  subroutine tend(u, du)
    type(field), intent(in) :: u
    type(field), intent(out) :: du
    du%v = -u%v**3 + 0.5_dp*cshift(u%v, 1)
  end subroutine
  subroutine run(x, nsteps, cost)
    real(dp), intent(in) :: x(8)
    integer, intent(in) :: nsteps
    real(dp), intent(out) :: cost
    type(field) :: u, k1, k2, tmp
    real(dp) :: dt
    integer :: it
    dt = 0.05_dp
    u = field(x)
    k1 = field(v=0.5_dp*u%v)
    do it = 1, nsteps
      call tend(u, k1)
      tmp = u + (0.5_dp*dt)*k1
      call tend(tmp, k2)
      u = u + dt*k2
      call u%scale(0.99_dp)
    end do
    cost = u%dot(u) + 0.1_dp*u%dot(k1)
  end subroutine
end module integ
