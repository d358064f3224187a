! WHERE in FORALL, as a column-physics code writes it: per level k a
! WHERE construct on the moisture (ELSEWHERE the dry formula), a WHERE
! statement on a density inversion reading the level above, a masked
! relaxation reading the old level below (the FORALL reads old values:
! its DO nest runs downward in reverse mode), a WHERE whose mask reads
! the section it assigns, a nested WHERE, a WHERE whose mask reads what
! its first assignment updates (the masks are evaluated before: reverse
! mode runs that WHERE whole per level, each level reading only its own),
! the index keeping its value, and a plain FORALL on sections reading the
! old level below.
module column_ops
  implicit none
  integer, parameter :: dp = kind(1d0)
contains
  subroutine column(nx, nz, q, t, p, rho, flux, cost)
    integer, intent(in) :: nx, nz
    real(dp), intent(in) :: q(nx, nz), t(nx, nz), p(nx, nz)
    real(dp), intent(out) :: rho(nx, nz), flux(nx, nz)
    real(dp), intent(out) :: cost
    real(dp), parameter :: qmin = 0.5_dp, rd = 2.87_dp
    integer :: k
    k = 2
    rho = 0
    forall (k = 1:nz)
      where (q(:, k) > qmin)
        rho(:, k) = p(:, k)/(rd*t(:, k)*(1 + 0.61_dp*q(:, k)))
      elsewhere
        rho(:, k) = p(:, k)/(rd*t(:, k))
      end where
    end forall
    flux = 0
    forall (k = 2:nz)
      where (rho(:, k-1) > rho(:, k)) flux(:, k) = (rho(:, k-1) - rho(:, k))*sqrt(q(:, k))
    end forall
    forall (k = 2:nz, k < nz)
      where (q(:, k) > qmin) rho(:, k) = rho(:, k) + 0.5_dp*rho(:, k-1)*t(:, k)
      where (rho(:, k) > 0.35_dp)
        where (t(:, k) > 0.5_dp) flux(:, k) = flux(:, k)*rho(:, k)
        rho(:, k) = sqrt(rho(:, k))
      end where
    end forall
    forall (k = 1:nz)
      where (rho(:, k) < 0.3_dp)
        rho(:, k) = rho(:, k)**2 + 0.1_dp
        flux(:, k) = flux(:, k) + rho(:, k)*q(:, k)
      end where
    end forall
    forall (k = 2:nz) flux(:, k) = flux(:, k-1)*0.5_dp + flux(:, k)*t(:, k)
    cost = sum(rho**2) + sum(flux*t) + rho(1, k)
  end subroutine column
end module column_ops
