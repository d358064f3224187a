module implicit_heat
  implicit none
  integer, parameter :: dp = kind(1.d0)
contains
  ! One backward-Euler step of nonlinear diffusion, k(u) = kappa*(1 + u**2),
  ! solved by Picard iteration; the converged branch copies the update
  ! before leaving, as many solvers write it.
  subroutine step(n, u, kappa, dt)
    integer, intent(in) :: n
    real(dp), intent(inout) :: u(n)
    real(dp), intent(in) :: kappa, dt
    real(dp) :: v(n), vn(n), res
    integer :: i, it
    v = u
    picard: do it = 1, 500
      vn(1) = u(1)
      vn(n) = u(n)
      do i = 2, n - 1
        vn(i) = (u(i) + dt*kappa*(1 + v(i)**2)*(v(i-1) + v(i+1))) / (1 + 2*dt*kappa*(1 + v(i)**2))
      end do
      res = maxval(abs(vn - v))
      if (res < 1.0e-14_dp) then
        v = vn
        exit picard
      end if
      v = vn
    end do picard
    u = v
  end subroutine step

  subroutine run(n, u0, kappa, cost)
    integer, intent(in) :: n
    real(dp), intent(in) :: u0(n), kappa
    real(dp), intent(out) :: cost
    real(dp) :: u(n)
    integer :: k
    u = u0
    do k = 1, 3
      call step(n, u, kappa, 0.1_dp)
    end do
    cost = sum(u**2)
  end subroutine run
end module implicit_heat
