! A spectral shallow-wave model: the state holds a fixed number of
! Fourier modes in a COMPLEX component of fixed size.
module spec_wave
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer, parameter :: nk = 5
  type :: wave_t
    complex(dp) :: c(nk)
    complex(dp) :: forcing
    real(dp) :: damp
  end type wave_t
contains
  subroutine wave_init(w, a, b, damp)
    type(wave_t), intent(out) :: w
    real(dp), intent(in) :: a(nk), b(nk), damp
    integer :: k
    do k = 1, nk
      w%c(k) = cmplx(a(k), b(k), kind=dp)
    end do
    w%forcing = cmplx(0.1_dp*a(1), 0.2_dp, kind=dp)
    w%damp = damp
  end subroutine wave_init

  subroutine wave_step(w, u, dt)
    type(wave_t), intent(inout) :: w
    real(dp), intent(in) :: u, dt
    complex(dp), parameter :: ii = (0.0_dp, 1.0_dp)
    integer :: k
    do k = 1, nk
      w%c(k) = w%c(k)*exp(-(ii*u*real(k, dp) + w%damp*real(k*k, dp))*dt) + dt*w%forcing/real(k, dp)
    end do
    ! nonlinear saturation of the amplitudes
    w%c = w%c/(1.0_dp + 0.05_dp*dt*abs(w%c)**2)
    w%forcing = w%forcing*(1.0_dp - dt*w%damp)
  end subroutine wave_step

  subroutine run(nt, a, b, damp, u, energy)
    integer, intent(in) :: nt
    real(dp), intent(in) :: a(nk), b(nk), damp, u
    real(dp), intent(out) :: energy
    type(wave_t) :: w
    integer :: it
    call wave_init(w, a, b, damp)
    do it = 1, nt
      call wave_step(w, u, 0.1_dp)
    end do
    energy = sum(real(w%c*conjg(w%c), dp)) + aimag(w%c(2))
  end subroutine run
end module spec_wave
