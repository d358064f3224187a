! A small library differentiated as a whole: fit and shift call the
! external mix with both inputs active, or with a literal for c; the
! module procedures smooth and damp call the module procedure relax with
! w active or not. Each target gets its own version of the callee.
subroutine mix(a, c, b)
  implicit none
  real(8), intent(in) :: a, c
  real(8), intent(out) :: b
  b = a*sin(c) + c*c
end subroutine mix

subroutine fit(x, y)
  implicit none
  real(8), intent(in) :: x
  real(8), intent(out) :: y
  call mix(x, x, y)
  y = y*x
end subroutine fit

subroutine shift(x, y)
  implicit none
  real(8), intent(in) :: x
  real(8), intent(out) :: y
  call mix(x, 0.5d0, y)
  y = exp(y)
end subroutine shift

module smoothing
  implicit none
  private
  public :: smooth, damp
contains
  subroutine relax(n, u, w)
    integer, intent(in) :: n
    real(8), intent(inout) :: u(n)
    real(8), intent(in) :: w
    integer :: i
    do i = 2, n - 1
      u(i) = (1.0d0 - w)*u(i) + 0.5d0*w*(u(i - 1) + u(i + 1))
    end do
  end subroutine relax

  subroutine smooth(n, u, w, e)
    integer, intent(in) :: n
    real(8), intent(inout) :: u(n)
    real(8), intent(in) :: w
    real(8), intent(out) :: e
    call relax(n, u, w)
    call relax(n, u, w)
    e = sum(u**2)
  end subroutine smooth

  subroutine damp(n, u, e)
    integer, intent(in) :: n
    real(8), intent(inout) :: u(n)
    real(8), intent(out) :: e
    call relax(n, u, 0.3d0)
    e = sum(u**3)
  end subroutine damp
end module smoothing
