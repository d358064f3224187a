! Linear algebra with defined operators, as modern solvers write it:
! .dot. (a dot product), .mv. (matrix-vector) and .neg. (unary) on real
! arrays, exported while their specifics stay PRIVATE; a conjugate-
! gradient-like step in another module uses them.
module linalg
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  private
  public :: wp, operator(.dot.), operator(.mv.), operator(.neg.), weighted_norm
  interface operator(.dot.)
    module procedure vdot
  end interface
  interface operator(.mv.)
    module procedure matvec
  end interface
  interface operator(.neg.)
    module procedure vneg
  end interface
contains
  pure function vdot(a, b) result(s)
    real(wp), intent(in) :: a(:), b(:)
    real(wp) :: s
    s = sum(a*b)
  end function vdot
  pure function matvec(a, x) result(y)
    real(wp), intent(in) :: a(:, :), x(:)
    real(wp) :: y(size(a, 1))
    integer :: i
    do i = 1, size(a, 1)
      y(i) = sum(a(i, :)*x)
    end do
  end function matvec
  pure function vneg(x) result(y)
    real(wp), intent(in) :: x(:)
    real(wp) :: y(size(x))
    y = -x
  end function vneg
  ! Inside the module the specifics are in scope.
  function weighted_norm(w, v) result(s)
    real(wp), intent(in) :: w(:), v(:)
    real(wp) :: s
    s = sqrt((w*v) .dot. v)
  end function weighted_norm
end module linalg

module cg
  use linalg
  implicit none
contains
  subroutine cg_step(n, a, x, b, r)
    integer, intent(in) :: n
    real(wp), intent(in) :: a(n, n), b(n)
    real(wp), intent(inout) :: x(n)
    real(wp), intent(out) :: r
    real(wp) :: res(n), alpha
    res = b - (a .mv. x)
    alpha = (res .dot. res)/(res .dot. (a .mv. res))
    x = x + alpha*res
    r = .neg. x .dot. (.neg. res) + weighted_norm(b, x)
  end subroutine cg_step
end module cg
