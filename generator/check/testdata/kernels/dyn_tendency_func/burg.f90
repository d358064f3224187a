module burg_state
  implicit none
  integer, parameter :: rk = kind(1.0d0)
  integer :: n
  real(rk), allocatable :: u(:)
  real(rk) :: dx, nu, work = 0.0_rk
contains
  function rhs() result(r)
    real(rk) :: r(n)
    integer :: i
    real(rk) :: fp, fm
    do i = 1, n
      fp = 0.25_rk*(max(u(i), 0.0_rk)**2 + min(u(i+1), 0.0_rk)**2)
      fm = 0.25_rk*(max(u(i-1), 0.0_rk)**2 + min(u(i), 0.0_rk)**2)
      r(i) = -(fp - fm)/dx + nu*(u(i+1) - 2.0_rk*u(i) + u(i-1))/dx**2
    end do
  end function rhs
end module burg_state

module burg_drv
  use burg_state
  implicit none
contains
  subroutine solve(m, u0, visc, nt, cost)
    integer, intent(in) :: m, nt
    real(rk), intent(in) :: u0(m), visc
    real(rk), intent(out) :: cost
    real(rk), allocatable :: du(:)
    real(rk), parameter :: a(3) = [0.0_rk, -5.0_rk/9.0_rk, -153.0_rk/128.0_rk]
    real(rk), parameter :: b(3) = [1.0_rk/3.0_rk, 15.0_rk/16.0_rk, 8.0_rk/15.0_rk]
    real(rk) :: dt
    integer :: it, stage
    n = m; nu = visc; dx = 1.0_rk/n
    if (allocated(u)) deallocate(u)
    allocate(u(0:n+1), du(n))
    u = 0.0_rk; u(1:n) = u0; du = 0.0_rk; work = 0.0_rk
    dt = 0.4_rk*dx
    do it = 1, nt
      do stage = 1, 3
        u(0) = u(n); u(n+1) = u(1)
        du = a(stage)*du + dt*rhs()
        u(1:n) = u(1:n) + b(stage)*du
      end do
    end do
    cost = sum(u(1:n)**2)*dx + 1.0e-3_rk*work
  end subroutine solve
end module burg_drv
