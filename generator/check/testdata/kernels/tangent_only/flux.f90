! Tangent mode only: a flux limiter with max/min on active values.
subroutine flux(u, f, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: u(n)
  real(8), intent(out) :: f(n)
  real(8) :: r
  integer :: i
  f(1) = u(1)
  do i = 2, n - 1
    r = (u(i) - u(i-1) + 1.0d-3)/(u(i+1) - u(i) + 2.0d0)
    f(i) = u(i) + 0.5d0*max(0.0d0, min(2*r, 1.0d0))*(u(i+1) - u(i))
  end do
  f(n) = u(n)
end subroutine
