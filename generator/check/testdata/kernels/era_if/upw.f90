! IFs on the state in a stencil loop, with block-local temporaries the
! adjoint reads (g assigned under a logical IF): under recompute they are
! recomputed in each backward iteration, the branches included, from u,
! which the loop does not change.
subroutine upw(n, u, c, v, f)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: u(n), c
  real(8), intent(out) :: v(n), f
  real(8) :: a, b, g, q
  integer :: i
  f = 0
  v = 0
  do i = 2, n - 1
    a = u(i) - u(i - 1)
    b = u(i + 1) - u(i)
    g = 0
    if (a*b > 0) g = a*b/(a + b)
    q = sin(g)*c + a*a
    if (q > 0.1d0) then
      v(i) = u(i) - c*q*g
    else
      v(i) = u(i) + c*a*b
    end if
    a = exp(b*q)
    f = f + q*g + a*a
  end do
end subroutine upw
