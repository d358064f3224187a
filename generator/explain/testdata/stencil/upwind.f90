! A 1-D upwind stencil: the branch picks the side by the sign of the
! velocity, and a nonlinear flux overwrites the state in place.
subroutine upwind(u, v, n, cost)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: v
  real(8), intent(out) :: cost
  real(8) :: f, tmp(n)
  integer :: i
  do i = 2, n - 1
    if (v > 0) then
      f = v*(u(i) - u(i-1))
    else
      f = v*(u(i+1) - u(i))
    end if
    tmp(i) = u(i) - 0.1d0*f*abs(f)
  end do
  do i = 2, n - 1
    u(i) = u(i)*tmp(i)
  end do
  cost = sum(u**2)
end subroutine
