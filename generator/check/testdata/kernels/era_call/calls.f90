! A call in a loop body with block-local temporaries: scale writes only
! its arguments, so the slices recomputing them hold the call, run again
! in the backward sweep; the call's adjoint reads a recomputed value.
subroutine scale(v, s)
  implicit none
  real(8), intent(inout) :: v
  real(8), intent(in) :: s
  v = v*s + sin(v)
end subroutine scale
subroutine calls(n, x, y)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y
  real(8) :: a, b, p
  integer :: i
  y = 0
  do i = 1, n
    a = x(i)*x(i)
    b = cos(a)
    p = a
    call scale(p, b)
    a = exp(b*p)
    y = y + a*b + p*p
  end do
end subroutine calls
