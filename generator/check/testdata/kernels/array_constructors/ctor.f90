! Array constructors in active expressions, as F90 models write them:
! a coefficient vector set by a constructor then updated, constructors
! of active elements on both sides of an operator, a constructor of
! sections (an array item), a typed constructor, and (/ /) in a callee
! called in a time loop that overwrites what the constructors read.
subroutine ctor(x, y, n, nt)
  integer, intent(in) :: n, nt
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y
  real(8) :: m(3), v(n + 3)
  integer :: it
  m = [1.0d0, 2.0d0, 3.0d0]
  m = m + x(1:3)
  m = [m(2), m(1)*x(3), sin(m(3))] + [1.0d0, x(1), 2.0d0]
  v = [m(1)**2, x, [real(8) :: 1, m(2)]]
  do it = 1, nt
    call mix(v, m, n + 3)
  end do
  y = sum(v*[x(2), 2.0d0, x(1:n)**2, m(3)]) + dot_product(m, [x(1), x(1)*x(2), 0.5d0])
end subroutine ctor

subroutine mix(v, m, k)
  integer, intent(in) :: k
  real(8), intent(inout) :: v(k), m(3)
  m = (/ m(3)*v(1), m(1) + 0.1d0*v(k), cos(m(2)) /)
  v(1:3) = v(1:3) + 0.01d0*(/ m(1)*m(2), m(2)**2, v(2)*m(3) /)
end subroutine mix
