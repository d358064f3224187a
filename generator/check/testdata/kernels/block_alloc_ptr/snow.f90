module snowpack
  implicit none
  integer, parameter :: wp = kind(1.0d0)
contains
  subroutine melt_steps(nz, ncol, nt, dt, temp, swe, cost)
    integer, intent(in) :: nz, ncol, nt
    real(wp), intent(in) :: dt
    real(wp), target, intent(inout) :: temp(nz, ncol)
    real(wp), intent(inout) :: swe(ncol)
    real(wp), intent(out) :: cost
    integer :: it, ic, k
    do it = 1, nt
      do ic = 1, ncol
        block
          real(wp), allocatable :: flux(:)
          real(wp), pointer :: tcol(:)
          integer :: nlay
          tcol => temp(:, ic)
          nlay = 1 + mod(it + ic, nz)
          allocate(flux(nlay + 1))
          flux(1) = 0.0_wp
          do k = 2, nlay
            flux(k) = dt*(tcol(k-1) - tcol(k))*0.3_wp*tcol(k)
          end do
          flux(nlay+1) = dt*tcol(nlay)**2*0.1_wp
          do k = 1, nlay
            tcol(k) = tcol(k) + flux(k) - flux(k+1)
          end do
          swe(ic) = swe(ic)*(1.0_wp - 0.05_wp*flux(nlay+1)) - 0.01_wp*flux(nlay+1)**2
        end block
      end do
    end do
    cost = sum(temp**2) + sum(swe**2)
  end subroutine melt_steps
end module snowpack
