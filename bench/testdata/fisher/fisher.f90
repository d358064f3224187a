! Fisher-KPP equation u_t = D u_xx + r u (1 - u) on n cells with zero
! boundary values: implicit (backward Euler) diffusion by the Thomas
! algorithm, explicit reaction. The diffusion number d and the growth
! rate r are passive; the gradient is with respect to the initial state.
! The objective is the population in the right half at the end.
subroutine fisher(n, nsteps, d, r, u0, cost)
  implicit none
  integer, intent(in) :: n, nsteps
  real(8), intent(in) :: d, r, u0(n)
  real(8), intent(out) :: cost
  real(8), parameter :: dt = 0.1d0
  real(8) :: u(n), rhs(n), cp(n), piv(n), dp(n)
  integer :: i, step
  do i = 1, n
    u(i) = u0(i)
  end do
  ! LU factors of the constant matrix (1 + 2d) on the diagonal, -d off it.
  piv(1) = 1.0d0/(1.0d0 + 2.0d0*d)
  cp(1) = -d*piv(1)
  do i = 2, n
    piv(i) = 1.0d0/(1.0d0 + 2.0d0*d + d*cp(i-1))
    cp(i) = -d*piv(i)
  end do
  do step = 1, nsteps
    do i = 1, n
      rhs(i) = u(i) + dt*r*u(i)*(1.0d0 - u(i))
    end do
    ! Thomas algorithm: forward elimination, back substitution.
    dp(1) = rhs(1)*piv(1)
    do i = 2, n
      dp(i) = (rhs(i) + d*dp(i-1))*piv(i)
    end do
    u(n) = dp(n)
    do i = n - 1, 1, -1
      u(i) = dp(i) - cp(i)*u(i+1)
    end do
  end do
  cost = 0.0d0
  do i = n/2, n
    cost = cost + u(i)
  end do
end subroutine fisher
