! A module procedure as the target, calling another one.
module geom
  implicit none
  real(8), parameter :: pi = 3.141592653589793d0
contains
  subroutine disk(r, d)
    real(8), intent(in) :: r
    real(8), intent(out) :: d
    d = pi*r**2
  end subroutine

  subroutine area(r, h, a)
    real(8), intent(in) :: r, h
    real(8), intent(out) :: a
    real(8) :: d
    call disk(r, d)
    a = 2*d + 2*pi*r*h
  end subroutine
end module
