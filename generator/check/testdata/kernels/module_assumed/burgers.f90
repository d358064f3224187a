! Module procedures with assumed-shape arrays, the target among them;
! a module parameter; sections of size(u).
module burgers
  implicit none
  real(8), parameter :: dt = 0.01d0
contains
  subroutine flux(u, f)
    real(8), intent(in) :: u(:)
    real(8), intent(out) :: f(:)
    f = 0.5d0*u**2
  end subroutine

  subroutine advance(u, nu)
    real(8), intent(inout) :: u(:)
    real(8), intent(in) :: nu
    real(8) :: f(size(u)), un(size(u))
    integer :: step, n
    n = size(u)
    do step = 1, 20
      call flux(u, f)
      un = u
      un(2:n-1) = u(2:n-1) - dt*(f(3:n) - f(1:n-2))/2 + nu*dt*(u(3:n) - 2*u(2:n-1) + u(1:n-2))
      u = un
    end do
  end subroutine
end module
