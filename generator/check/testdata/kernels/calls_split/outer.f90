! The same calls as calls_joint, reversed in split mode: each callee
! records in the caller's forward sweep (_fwd) and is reversed by _bwd.
subroutine sq(a, b)
  implicit none
  real(8), intent(in) :: a
  real(8), intent(out) :: b
  b = a*a + sin(a)
end subroutine

subroutine axpy(a, x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: a, x(n)
  real(8), intent(inout) :: y(n)
  y = y + a*x
end subroutine

subroutine outer(x, c, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n), c
  real(8), intent(inout) :: y(n)
  real(8) :: t, alpha
  alpha = c
  call sq(x(1), t)
  call axpy(alpha, x, y, n)
  call axpy(t, x, y, n)
  call sq(y(2), y(3))
  t = t*y(3)
  call axpy(t, x, y, n)
end subroutine
