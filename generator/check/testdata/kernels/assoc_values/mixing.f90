! Vertical mixing of a water column, written with ASSOCIATE as modern
! ocean codes do: names for scalar values (layer thickness, density
! jump, a buoyancy frequency through an equation of state function, a
! logical for unstable layers) beside a name for a variable. Reverse
! mode rejected every ASSOCIATE with an expression selector.
module column_mixing
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  real(wp), parameter :: g = 9.81_wp, rho0 = 1025.0_wp
contains
  real(wp) function eos(t, s)
    real(wp), intent(in) :: t, s
    eos = rho0*(1 - 2.0e-4_wp*(t - 10) + 7.6e-4_wp*(s - 35))
  end function eos

  subroutine mix(nz, z, t, s, kappa, cost)
    integer, intent(in) :: nz
    real(wp), intent(in) :: z(nz), kappa
    real(wp), intent(inout) :: t(nz), s(nz)
    real(wp), intent(out) :: cost
    real(wp) :: flux(nz)
    integer :: k, it
    do it = 1, 3
      flux = 0
      do k = 1, nz - 1
        associate (dz => z(k+1) - z(k), drho => eos(t(k+1), s(k+1)) - eos(t(k), s(k)), &
                   top => flux(k), unstable => eos(t(k+1), s(k+1)) < eos(t(k), s(k)))
          associate (n2 => -g/rho0*drho/dz)
            top = kappa*(1 + 0.1_wp*n2**2)*(t(k+1) - t(k))/dz
            if (unstable) top = top + 10*kappa*(t(k+1) - t(k))/dz
          end associate
        end associate
      end do
      t(1) = t(1) + 0.1_wp*flux(1)
      do k = 2, nz
        t(k) = t(k) + 0.1_wp*(flux(k) - flux(k-1))
      end do
    end do
    cost = sum(t**2) + 0.01_wp*sum(s*t)
  end subroutine mix
end module column_mixing
