module integrands
  implicit none
  real(8) :: k = 1.3d0
contains
  real(8) function damp(x)
    real(8), intent(in) :: x
    damp = exp(-k*x)*x
  end function
  real(8) function wave(x)
    real(8), intent(in) :: x
    wave = sin(k*x)**2
  end function
end module

module quadrature
  implicit none
  private
  public :: quad, simpson, integrand
  abstract interface
    real(8) function integrand(x)
      real(8), intent(in) :: x
    end function
  end interface
contains
  subroutine quad(f, a, b, n, r)
    procedure(integrand) :: f
    real(8), intent(in) :: a, b
    integer, intent(in) :: n
    real(8), intent(out) :: r
    real(8) :: h
    integer :: i
    h = (b - a)/n
    r = 0.5d0*(f(a) + f(b))
    do i = 1, n - 1
      r = r + f(a + i*h)
    end do
    r = r*h
  end subroutine

  ! Simpson's rule on n (even) panels, as a function.
  real(8) function simpson(f, a, b, n)
    procedure(integrand) :: f
    real(8), intent(in) :: a, b
    integer, intent(in) :: n
    real(8) :: h
    integer :: i
    h = (b - a)/n
    simpson = f(a) + f(b)
    do i = 1, n - 1
      simpson = simpson + merge(4d0, 2d0, mod(i, 2) == 1)*f(a + i*h)
    end do
    simpson = simpson*h/3d0
  end function
end module

subroutine top(a, b, kin, s)
  use integrands
  use quadrature, only: quad, simpson
  implicit none
  real(8), intent(in) :: a, b, kin
  real(8), intent(out) :: s
  real(8) :: r1, r2
  k = kin
  call quad(damp, a, b, 10, r1)
  call quad(wave, a, b, 12, r2)
  s = r1*r2 + r1 + simpson(damp, a, b, 8)*simpson(wave, a, b, 6)
end subroutine
