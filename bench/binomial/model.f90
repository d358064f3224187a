! The binomial checkpointing benchmark: explicit Euler steps of a 1-D
! reaction-diffusion equation u_t = nu*u_xx + u - u**3 (Allen-Cahn) on a
! periodic grid, with an array constructor for the periodic neighbours
! and a WHERE mask clipping the reaction; a running cost. The plain
! adjoint tapes u once per step (the cubic's partial reads it).
subroutine model(n, nt, u, nu, dt, cost)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: nu, dt
  real(8), intent(out) :: cost
  real(8) :: f(n), r(n)
  integer :: it
  cost = 0
  time: do it = 1, nt
    r = u - u**3
    where (abs(u) > 1.5d0) r = 0
    f = nu*([u(n), u(1:n-1)] - 2*u + [u(2:n), u(1)])
    u = u + dt*(f + r)
    cost = cost + dt*sum(u**2)
  end do time
end subroutine model
