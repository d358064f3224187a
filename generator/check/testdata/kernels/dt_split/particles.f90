! An array of particles (a derived type of scalar components) pushed by
! a module procedure whose adjoint is split (foo_fwd / foo_bwd), with a
! dummy of derived type for the forcing parameters.
module swarm
  implicit none
  type particle
    real(8) :: x, v
    integer :: tag
  end type
  type forcing
    real(8) :: k, damp
  end type
contains
  subroutine push(p, f, n, dt)
    integer, intent(in) :: n
    type(particle), intent(inout) :: p(n)
    type(forcing), intent(in) :: f
    real(8), intent(in) :: dt
    integer :: i
    do i = 1, n
      p(i)%v = p(i)%v - dt*(f%k*sin(p(i)%x) + f%damp*p(i)%v*abs(p(i)%v))
      p(i)%x = p(i)%x + dt*p(i)%v
    end do
  end subroutine
end module

subroutine orbit(x0, k, n, e)
  use swarm
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x0(n), k
  real(8), intent(out) :: e
  type(particle) :: p(n)
  type(forcing) :: f
  integer :: it
  f = forcing(k, 0.2d0)
  p%x = x0
  p%v = 0.0d0
  p%tag = 1
  do it = 1, 6
    call push(p, f, n, 0.1d0)
  end do
  e = sum(p%v**2) + sum(cos(p%x))
end subroutine
