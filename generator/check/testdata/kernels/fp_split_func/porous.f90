! Porous-medium equation, implicit in time: each step solves
! u = u_old + dt * d/dx (k(u) du/dx) by Jacobi iterations. The
! conductivity function works through a local it overwrites (as
! hydrology codes write van Genuchten-like closures), so its adjoint
! records values on the tape. The Jacobi sweep is a subroutine, reversed
! split, writing the new iterate into an INTENT(OUT) array the step
! reads after it (an intermediate of the iteration, not state).
module porous
  implicit none
  integer, parameter :: n = 10
  real(8) :: ksat = 0.5d0, uref = 0.8d0
contains
  real(8) function kfun(u)
    real(8), intent(in) :: u
    real(8) :: s
    s = u / uref
    s = s * s
    s = log(1d0 + s)
    s = sqrt(1d0 + s)
    kfun = ksat * s
  end function kfun

  subroutine sweep(u, uold, unew, dt)
    real(8), intent(in) :: u(n), uold(n), dt
    real(8), intent(out) :: unew(n)
    real(8) :: kw, ke
    integer :: i
    unew(1) = uold(1)
    unew(n) = uold(n)
    do i = 2, n - 1
      kw = 0.5d0*(kfun(u(i)) + kfun(u(i-1)))
      ke = 0.5d0*(kfun(u(i)) + kfun(u(i+1)))
      unew(i) = (uold(i) + dt*(kw*u(i-1) + ke*u(i+1))) / (1d0 + dt*(kw + ke))
    end do
  end subroutine sweep

  subroutine implicit_step(u, dt)
    real(8), intent(inout) :: u(n)
    real(8), intent(in) :: dt
    real(8) :: uold(n), unew(n), kw, ke, res
    integer :: i
    uold = u
    res = 1d0
    jacobi: do while (res > 1d-14)
      call sweep(u, uold, unew, dt)
      res = maxval(abs(unew - u))
      u = unew
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
  do it = 1, nt
    call implicit_step(u, 0.05d0)
    cost = cost + sum(u(2:n-1)**2)
  end do
end subroutine infiltrate
