! Nonlinear implicit diffusion time steps: an outer Picard loop on the
! conductivity, an inner Jacobi solve of the linear system, both
! fixed-point loops, in a binomially checkpointed time loop.
subroutine nest(n, nt, q, t, cost)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(in) :: q(n)
  real(8), intent(inout) :: t(n)
  real(8), intent(out) :: cost
  real(8) :: told(n), k(n), tj(n), tn(n), rp, rj
  integer :: step, ip, ij, i
  cost = 0
  do step = 1, nt
    told = t
    picard: do ip = 1, 100
      k = 0.2d0*(1 + 0.1d0*t**2)
      jacobi: do ij = 1, 500
        tn = t
        do i = 2, n - 1
          tn(i) = (told(i) + 0.01d0*q(i) + k(i)*(t(i-1) + t(i+1)))/(1 + 2*k(i))
        end do
        rj = maxval(abs(tn - t))
        t = tn
        if (rj < 1d-15) exit jacobi
      end do jacobi
      rp = maxval(abs(k - 0.2d0*(1 + 0.1d0*t**2)))
      if (rp < 1d-14) exit picard
    end do picard
    cost = cost + sum(t**2)
  end do
end subroutine nest
