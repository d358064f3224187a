module fct_mod
  implicit none
  integer, parameter :: dp = kind(1.d0)
contains
  elemental real(dp) function superbee(r)
    real(dp), intent(in) :: r
    superbee = max(0.0_dp, min(2.0_dp*r, 1.0_dp), min(r, 2.0_dp))
  end function superbee

  subroutine advect2d(nx, ny, q, u, v, dt, nt, qsum, qmax, qcol)
    integer, intent(in) :: nx, ny, nt
    real(dp), intent(inout) :: q(nx, ny)
    real(dp), intent(in) :: u(nx, ny), v(nx, ny), dt
    real(dp), intent(out) :: qsum, qmax, qcol(ny)
    real(dp) :: fx(nx, ny), fy(nx, ny), r(nx, ny), dq(nx, ny), qe(nx, ny)
    real(dp) :: flat(nx*ny), lim(nx, ny)
    integer :: it, i, j, shifts(ny)
    shifts = [(mod(j, 2), j = 1, ny)]
    do it = 1, nt
      ! x-sweep, limited Lax-Wendroff with superbee
      dq = cshift(q, 1, dim=1) - q
      qe = q - cshift(q, -1, dim=1)
      where (abs(dq) > 1.0e-12_dp)
        r = qe/dq
      elsewhere
        r = 0.0_dp
      end where
      lim = superbee(r)
      fx = u*q + 0.5_dp*abs(u)*(1.0_dp - abs(u)*dt)*lim*dq
      ! y-sweep: upwind with eoshift (closed boundary)
      qe = eoshift(q, 1, boundary=0.0_dp, dim=2)
      fy = merge(v*q, v*qe, v > 0.0_dp)
      do concurrent (i = 1:nx, j = 1:ny, q(i,j) > -1.0e30_dp)
        q(i, j) = q(i, j) - dt*(fx(i, j) - fx(modulo(i - 2, nx) + 1, j))
      end do
      forall (i = 1:nx, j = 2:ny) q(i, j) = q(i, j) - dt*(fy(i, j) - fy(i, j - 1))
      q(:, 1) = q(:, 1) - dt*fy(:, 1)
    end do
    flat = reshape(transpose(q), [nx*ny])
    qsum = sum(flat(1:nx*ny:2)) + product(1.0_dp + 0.01_dp*q(1:2, 1))
    qmax = maxval(q, mask=q < 10.0_dp) + sum(spread(q(:, 1), 2, 3))
    qcol = sum(cshift(q, shifts, dim=1)**2, dim=1, mask=q > 0.0_dp)
  end subroutine advect2d
end module fct_mod
