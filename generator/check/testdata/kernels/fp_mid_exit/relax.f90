! Steady nonlinear heat balance of a column, solved by under-relaxed
! Picard iterations: the new iterate, its change tested, then the
! relaxation of the next iterate.
module column
  implicit none
  integer, parameter :: nz = 8
  real(8), parameter :: relax = 0.6d0
contains
  subroutine balance(q, alpha, t, flux)
    real(8), intent(in) :: q(nz), alpha
    real(8), intent(out) :: t(nz), flux
    real(8) :: tn(nz), res
    integer :: k, it
    t = 0d0
    it = 0
    picard: do
      it = it + 1
      tn(1) = 0.5d0*(q(1) + alpha*t(2))
      do k = 2, nz - 1
        tn(k) = 0.3d0*(q(k) + alpha*(t(k-1) + t(k+1))) - 0.05d0*sin(t(k))
      end do
      tn(nz) = 0.5d0*(q(nz) + alpha*t(nz-1))
      res = maxval(abs(tn - t))
      if (res < 1d-14 .or. it > 500) exit
      t = relax*tn + (1d0 - relax)*t
    end do picard
    t = tn
    flux = sum(t**2) + alpha*t(nz)
  end subroutine balance
end module column
