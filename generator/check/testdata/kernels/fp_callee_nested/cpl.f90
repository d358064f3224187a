! Coupled atmosphere-surface iteration: an outer Picard loop on the
! surface temperature calls the surface-flux solver, which iterates on
! its own (Newton on the stability function).
module coupled_m
  implicit none
  integer, parameter :: n = 4
contains
  subroutine surface(ts, ta, u, flux)
    real(8), intent(in) :: ts(n), ta(n), u
    real(8), intent(out) :: flux(n)
    real(8) :: z, g, dg
    integer :: i, k
    do i = 1, n
      z = 0.1d0
      newton: do k = 1, 50
        g = z - 0.2d0*tanh(ts(i) - ta(i) + z) - 0.05d0*u
        dg = 1d0 - 0.2d0*(1d0 - tanh(ts(i) - ta(i) + z)**2)
        z = z - g/dg
        if (abs(g) < 1d-15) exit newton
      end do newton
      flux(i) = u*z*(ts(i) - ta(i))
    end do
  end subroutine surface

  subroutine couple(ta, u, ts, cost)
    real(8), intent(in) :: ta(n), u
    real(8), intent(out) :: ts(n), cost
    real(8) :: flux(n), tn(n), r
    integer :: it
    ts = ta
    outer: do it = 1, 200
      call surface(ts, ta, u, flux)
      tn = 0.5d0*ta + 0.3d0 - 0.2d0*flux
      r = maxval(abs(tn - ts))
      ts = tn
      if (r < 1d-14) exit outer
    end do outer
    cost = sum(ts**2) + sum(flux)
  end subroutine couple
end module coupled_m
