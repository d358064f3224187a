! A Jacobi sweep reversed split calls a conductivity routine reversed
! jointly that updates a module scale it reads (kscale): its snapshot is
! pushed once by the recording sweep and would be popped by every adjoint
! iteration (the run stopped: pop from empty snapshot stack).
module porous
  implicit none
  integer, parameter :: n = 10
  real(8) :: ksat = 0.5d0, uref = 0.8d0
  real(8) :: kscale = 1d0
contains
  subroutine kcalc(u, k)
    real(8), intent(in) :: u(n)
    real(8), intent(out) :: k(n)
    real(8) :: s(n)
    s = (u/uref)**2
    s = log(1d0 + s)
    kscale = 0.5d0*kscale + 0.5d0
    k = ksat*kscale*sqrt(1d0 + s)
  end subroutine kcalc

  subroutine sweep(u, uold, dt, res)
    real(8), intent(inout) :: u(n)
    real(8), intent(in) :: uold(n), dt
    real(8), intent(out) :: res
    real(8) :: kw, ke, unew(n), k(n)
    integer :: i
    call kcalc(u, k)
    unew(1) = uold(1)
    unew(n) = uold(n)
    do i = 2, n - 1
      kw = 0.5d0*(k(i) + k(i-1))
      ke = 0.5d0*(k(i) + k(i+1))
      unew(i) = (uold(i) + dt*(kw*u(i-1) + ke*u(i+1))) / (1d0 + dt*(kw + ke))
    end do
    res = maxval(abs(unew - u))
    u = unew
  end subroutine sweep

  subroutine implicit_step(u, dt)
    real(8), intent(inout) :: u(n)
    real(8), intent(in) :: dt
    real(8) :: uold(n), res
    uold = u
    res = 1d0
    jacobi: do while (res > 1d-14)
      call sweep(u, uold, dt, res)
    end do jacobi
  end subroutine implicit_step
end module porous

subroutine infiltrate(u0, nt, cost)
  use porous
  implicit none
  integer, intent(in) :: nt
  real(8), intent(in) :: u0(n)
  real(8), intent(out) :: cost
  real(8) :: u(n)
  integer :: it
  u = u0
  cost = 0d0
  kscale = 1d0
  do it = 1, nt
    call implicit_step(u, 0.05d0)
    cost = cost + sum(u(2:n-1)**2)
  end do
end subroutine infiltrate
