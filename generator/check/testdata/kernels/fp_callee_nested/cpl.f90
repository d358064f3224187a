! (fp_callee_nested) Coupled atmosphere-surface time stepping: in each
! step an outer Picard loop on the surface temperature calls the
! surface-flux solver (reversed split), which iterates on its own: Newton
! on the stability function, whose adjoint the Newton adjoint iteration
! calls (so it pops a copy of its segment, inside the copy the outer
! adjoint iteration pops). The callee's marks are taken again from the
! tops when popped (rejected before: they pointed into the segment, not
! the copy).
module coupled_m
  implicit none
  integer, parameter :: n = 5
  real(8) :: zref = 0.2d0
contains
  real(8) function psi(x)
    real(8), intent(in) :: x
    real(8) :: e
    e = tanh(x)
    psi = zref*e
  end function psi

  subroutine surface(ts, ta, u, flux)
    real(8), intent(in) :: ts(n), ta(n), u
    real(8), intent(out) :: flux(n)
    real(8) :: z, g, dg
    integer :: i, k
    do i = 1, n
      z = 0.1d0
      newton: do k = 1, 50
        g = z - psi(ts(i) - ta(i) + z) - 0.05d0*u
        dg = 1d0 - zref*(1d0 - tanh(ts(i) - ta(i) + z)**2)
        z = z - g/dg
        if (abs(g) < 1d-15) exit newton
      end do newton
      flux(i) = u*z*(ts(i) - ta(i))
    end do
  end subroutine surface

  subroutine run(ta, u, nt, ts, cost)
    real(8), intent(inout) :: ta(n)
    real(8), intent(in) :: u
    integer, intent(in) :: nt
    real(8), intent(out) :: ts(n), cost
    real(8) :: flux(n), tn(n), r
    integer :: it, step
    ts = ta
    cost = 0
    do step = 1, nt
      outer: do it = 1, 200
        call surface(ts, ta, u, flux)
        tn = 0.5d0*ta + 0.3d0 - 0.2d0*flux
        r = maxval(abs(tn - ts))
        ts = tn
        if (r < 1d-14) exit outer
      end do outer
      ta = 0.9d0*ta + 0.1d0*ts
      cost = cost + sum(ts**2) + sum(flux)
    end do
  end subroutine run
end module coupled_m
