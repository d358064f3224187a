! A scheme object with a generic type-bound interface (1-D and 2-D
! forms), the extensions overriding the specifics.
module schemes
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type, abstract :: scheme
  contains
    procedure(a1), deferred :: apply1
    procedure(a2), deferred :: apply2
    generic :: apply => apply1, apply2
  end type
  abstract interface
    subroutine a1(self, q)
      import :: scheme, dp
      class(scheme), intent(in) :: self
      real(dp), intent(inout) :: q(:)
    end subroutine
    subroutine a2(self, q)
      import :: scheme, dp
      class(scheme), intent(in) :: self
      real(dp), intent(inout) :: q(:, :)
    end subroutine
  end interface
  type, extends(scheme) :: square
  contains
    procedure :: apply1 => sq1
    procedure :: apply2 => sq2
  end type
  type, extends(scheme) :: soft
  contains
    procedure :: apply1 => so1
    procedure :: apply2 => so2
  end type
contains
  subroutine sq1(self, q)
    class(square), intent(in) :: self
    real(dp), intent(inout) :: q(:)
    q = q**2
  end subroutine
  subroutine sq2(self, q)
    class(square), intent(in) :: self
    real(dp), intent(inout) :: q(:, :)
    q = q**2
  end subroutine
  subroutine so1(self, q)
    class(soft), intent(in) :: self
    real(dp), intent(inout) :: q(:)
    q = q/(1 + q**2)
  end subroutine
  subroutine so2(self, q)
    class(soft), intent(in) :: self
    real(dp), intent(inout) :: q(:, :)
    q = sin(q)
  end subroutine
end module
module driver
  use schemes
  implicit none
contains
  subroutine run(n, a, b, which, cost)
    integer, intent(in) :: n, which
    real(dp), intent(inout) :: a(n), b(n, 2)
    real(dp), intent(out) :: cost
    class(scheme), allocatable :: s
    if (which == 1) then
      allocate(square :: s)
    else
      allocate(soft :: s)
    end if
    call s%apply(a)
    call s%apply(b)
    cost = sum(a**2) + sum(b**3)
  end subroutine
end module
