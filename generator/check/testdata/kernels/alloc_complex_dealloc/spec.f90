! Spectral coefficients in a COMPLEX ALLOCATABLE local, allocated from
! real and imaginary parts, advanced by a callee, deallocated at the end
! (its values go on the tape as their real and imaginary parts).
module spectral_local
  implicit none
  integer, parameter :: dp = kind(1.0d0)
contains
  subroutine advance(coef, wavenum, c, dt)
    complex(dp), intent(inout) :: coef(:)
    real(dp), intent(in) :: wavenum(:), c, dt
    complex(dp), parameter :: i1 = (0.0_dp, 1.0_dp)
    integer :: k
    do k = 1, size(coef)
      coef(k) = coef(k)*exp(-(i1*c*wavenum(k) + 0.01_dp*wavenum(k)**2)*dt)
    end do
    coef = coef/(1.0_dp + 0.01_dp*dt*abs(coef)**2)
  end subroutine advance

  subroutine run(nk, nt, a, b, c, energy)
    integer, intent(in) :: nk, nt
    real(dp), intent(in) :: a(nk), b(nk), c
    real(dp), intent(out) :: energy
    complex(dp), allocatable :: coef(:)
    real(dp) :: wavenum(nk)
    integer :: it, k
    allocate(coef(nk))
    coef = cmplx(a, b, kind=dp)
    wavenum = [(real(k - 1, dp), k = 1, nk)]
    do it = 1, nt
      call advance(coef, wavenum, c, 0.05_dp)
    end do
    energy = sum(real(coef*conjg(coef), dp)*(1.0_dp + wavenum)) + real(coef(2), dp)
    deallocate(coef)
  end subroutine run
end module spectral_local
