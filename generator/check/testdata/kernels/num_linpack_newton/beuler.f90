! Backward Euler for a stiff linear-plus-cubic system du/dt = K u - c u**3 + s,
! Newton iteration per step with a LINPACK LU solve.
module beuler
  implicit none
  integer, parameter :: dp = kind(1.0d0)
contains
  subroutine jac_res(n, u, uold, dt, kmat, c, s, r, jac, ldj)
    integer, intent(in) :: n, ldj
    real(dp), intent(in) :: u(n), uold(n), dt, kmat(n,n), c(n), s(n)
    real(dp), intent(out) :: r(n), jac(ldj,n)
    integer :: i
    r = u - uold
    call dgemv(n, n, -dt, kmat, n, u, 1.0_dp, r)
    r = r + dt*(c*u**3 - s)
    jac(1:n,1:n) = -dt*kmat
    do i = 1, n
      jac(i,i) = jac(i,i) + 1.0_dp + 3.0_dp*dt*c(i)*u(i)**2
    end do
  end subroutine jac_res

  subroutine solve(n, nt, dt, kmat, c, s, u0, u, cost)
    integer, intent(in) :: n, nt
    real(dp), intent(in) :: dt, kmat(n,n), c(n), s(n), u0(n)
    real(dp), intent(out) :: u(n), cost
    real(dp) :: uold(n), r(n), jac(n+1,n), rnorm
    integer :: ipvt(n), info, it, k
    u = u0
    cost = 0.0_dp
    do it = 1, nt
      uold = u
      k = 0
      rnorm = 1.0_dp
      do while (rnorm > 1.0e-12_dp .and. k < 20)
        k = k + 1
        call jac_res(n, u, uold, dt, kmat, c, s, r, jac, n+1)
        call dgefa(jac, n+1, n, ipvt, info)
        if (info /= 0) stop 'singular'
        call dgesl(jac, n+1, n, ipvt, r)
        call daxpy(n, -1.0_dp, r, 1, u, 1)
        rnorm = norm2(r)
      end do
      cost = cost + dt*dot_product(u, u)
    end do
  end subroutine solve
end module beuler
