! An explicit time-stepping model as in issue 10: an array constructor
! and WHERE masks in the step (a clipped source and a one-sided upwind
! flux), 30 unknowns, a time loop named by its construct name.
subroutine model(n, nt, u, a, s, cost)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: a, s
  real(8), intent(out) :: cost
  real(8) :: w(3), g(n), v(n)
  integer :: it
  w = [0.25d0, 0.5d0, 0.25d0]
  cost = 0
  steps: do it = 1, nt
    v = u
    v(2:n-1) = w(1)*u(1:n-2) + w(2)*u(2:n-1) + w(3)*u(3:n)
    where (v > 0.5d0)
      g = s*v**2
    elsewhere
      g = -a*v
    end where
    u = v + 0.05d0*g + 0.02d0*([u(n), u(1:n-1)] - u)
    where (u > 2) u = 2 + 0.1d0*(u - 2)
    cost = cost + sum(u**2)/n
  end do steps
end subroutine
