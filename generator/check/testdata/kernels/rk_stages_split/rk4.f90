! Classical Runge-Kutta steps of a reaction-diffusion ring, written as
! time-stepping codes write them: each stage calls the tendency routine
! with an expression for the state (u + 0.5d0*dt*k1), for the
! diffusivity (nu*(1 + 0.1d0*sin(t))) and for the forcing (f*exp(-t)).
! Reverse mode rejected every expression passed to an active dummy, and
! tangent mode the array ones.
module rk4_model
  implicit none
contains
  subroutine tendency(n, u, nu, f, du)
    integer, intent(in) :: n
    real(8), intent(in) :: u(n), nu, f(n)
    real(8), intent(out) :: du(n)
    integer :: i
    do i = 1, n
      du(i) = nu*(u(modulo(i, n) + 1) - 2*u(i) + u(modulo(i - 2, n) + 1)) - u(i)**3 + f(i)
    end do
  end subroutine tendency

  subroutine integrate(n, nt, u, nu, f, cost)
    integer, intent(in) :: n, nt
    real(8), intent(inout) :: u(n)
    real(8), intent(in) :: nu, f(n)
    real(8), intent(out) :: cost
    real(8) :: k1(n), k2(n), k3(n), k4(n), dt, t
    integer :: it
    dt = 0.05d0
    cost = 0
    do it = 1, nt
      t = it*dt
      call tendency(n, u, nu, f, k1)
      call tendency(n, u + 0.5d0*dt*k1, nu*(1 + 0.1d0*sin(t)), f, k2)
      call tendency(n, u + 0.5d0*dt*k2, nu*(1 + 0.1d0*sin(t)), f*exp(-t), k3)
      call tendency(n, u + dt*k3, nu, f*exp(-t), k4)
      u = u + dt/6*(k1 + 2*k2 + 2*k3 + k4)
      cost = cost + dt*sum(tanh(u)**2)
    end do
  end subroutine integrate
end module rk4_model
