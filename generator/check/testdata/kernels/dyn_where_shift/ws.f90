module ws_mod
  implicit none
  integer, parameter :: dp = kind(1.d0)
contains
  subroutine limit(n, q, u, bnd, nt, cost)
    integer, intent(in) :: n, nt
    real(dp), intent(inout) :: q(n)
    real(dp), intent(in) :: u(n), bnd
    real(dp), intent(out) :: cost
    real(dp) :: r(n), dq(n)
    integer :: it
    do it = 1, nt
      dq = cshift(q, 1) - q
      where (q > 0.5_dp)
        r = q*cshift(q, 1) + eoshift(u*q, -1, boundary=bnd) + dq/(q - 0.5_dp + 0.1_dp)
      elsewhere (q > 0.3_dp)
        r = cshift(q**2, -1) - q
      elsewhere
        r = 0.5_dp*q
      end where
      where (r > 0.0_dp) q = 0.5_dp*cshift(q, 1) + 0.5_dp*q
      q = q + 0.1_dp*r
    end do
    cost = sum(q**2) + sum(r*u)
  end subroutine limit
end module ws_mod
