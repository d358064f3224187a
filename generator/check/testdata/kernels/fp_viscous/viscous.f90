! Picard iteration on a nonlinear 1-D elliptic problem, as in ice-stream
! models: -(nu(u) u')' = f on (0, 1), u(0) = u(1) = 0, with a viscosity
! nu = 1 + c*u**2 depending on the solution. Each iteration freezes nu at
! the current u and solves the tridiagonal linear system (Thomas).
subroutine viscous(f, c, u, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: f(n), c
  real(8), intent(out) :: u(n)
  real(8) :: nu(0:n), lo(n), di(n), up(n), cp(n), dp(n), unew(n), h, err, m
  integer :: i, it
  h = 1.0d0/(n + 1)
  u = 0
  err = 1
  it = 0
  picard: do while (err > 1.0d-13 .and. it < 500)
    nu(0) = 1 + c*(0.5d0*u(1))**2
    do i = 1, n - 1
      nu(i) = 1 + c*(0.5d0*(u(i) + u(i + 1)))**2
    end do
    nu(n) = 1 + c*(0.5d0*u(n))**2
    do i = 1, n
      lo(i) = -nu(i - 1)/h**2
      up(i) = -nu(i)/h**2
      di(i) = (nu(i - 1) + nu(i))/h**2
    end do
    cp(1) = up(1)/di(1)
    dp(1) = f(1)/di(1)
    do i = 2, n
      m = di(i) - lo(i)*cp(i - 1)
      cp(i) = up(i)/m
      dp(i) = (f(i) - lo(i)*dp(i - 1))/m
    end do
    unew(n) = dp(n)
    do i = n - 1, 1, -1
      unew(i) = dp(i) - cp(i)*unew(i + 1)
    end do
    err = maxval(abs(unew - u))
    u = unew
    it = it + 1
  end do picard
end subroutine
