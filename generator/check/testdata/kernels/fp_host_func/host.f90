! A relaxation whose update references an internal function reading the
! host's dummies alpha and beta (independents) through host association,
! and overwriting a local (its adjoint records): alpha and beta are
! parameters of the fixed-point loop, their adjoints added once.
subroutine relaxation(x0, alpha, beta, cost, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x0(n), alpha, beta
  real(8), intent(out) :: cost
  real(8) :: x(n), xn(n), xo(n), r
  integer :: it, i, k
  x = x0
  cost = 0d0
  do it = 1, 3
    xo = x
    fp: do k = 1, 500
      do i = 1, n
        xn(i) = 0.5d0*xo(i) + 0.3d0*g(x(i)) + 0.1d0*x(n + 1 - i)
      end do
      r = maxval(abs(xn - x))
      x = xn
      if (r < 1d-16) exit fp
    end do fp
    cost = cost + sum(x**2)
  end do
contains
  real(8) function g(y)
    real(8), intent(in) :: y
    real(8) :: s
    s = alpha*y
    s = sin(s)
    g = s*beta
  end function g
end subroutine relaxation
