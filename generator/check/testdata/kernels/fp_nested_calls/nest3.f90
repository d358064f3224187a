! Implicit 1-D diffusion-reaction step: a Picard loop on the
! nonlinear conductivity around a Jacobi solve, itself around a Newton
! solve of the local reaction term at each node.
module rd_mod
  implicit none
  integer, parameter :: n = 6
  real(8) :: kappa = 0.2d0, rate = 0.3d0
contains
  real(8) function cond(u)
    real(8), intent(in) :: u
    real(8) :: s
    s = u*u
    s = sqrt(1d0 + s)
    cond = kappa*s
  end function cond

  subroutine react(r, u)
    real(8), intent(out) :: r(n)
    real(8), intent(in) :: u(n)
    integer :: i
    do i = 1, n
      r(i) = rate*tanh(u(i))
    end do
  end subroutine react
end module rd_mod

subroutine step(u0, f, u, cost)
  use rd_mod
  implicit none
  real(8), intent(in) :: u0(n), f(n)
  real(8), intent(out) :: u(n), cost
  real(8) :: k(n), uold(n), unew(n), r(n), resp, resj
  integer :: i, ip, ij
  u = u0
  picard: do ip = 1, 100
    uold = u
    do i = 1, n
      k(i) = cond(u(i))
    end do
    unew = u
    jacobi: do ij = 1, 200
      call react(r, u)
      unew(1) = (u0(1) + f(1) - r(1) + k(1)*u(2)) / (1d0 + 2d0*k(1))
      do i = 2, n - 1
        unew(i) = (u0(i) + f(i) - r(i) + k(i)*(u(i-1) + u(i+1))) / (1d0 + 2d0*k(i))
      end do
      unew(n) = (u0(n) + f(n) - r(n) + k(n)*u(n-1)) / (1d0 + 2d0*k(n))
      resj = maxval(abs(unew - u))
      u = unew
      if (resj < 1d-15) exit jacobi
    end do jacobi
    resp = maxval(abs(u - uold))
    if (resp < 1d-15) exit picard
  end do picard
  cost = sum(u**2) + 0.5d0*sum(k*u)
end subroutine step
