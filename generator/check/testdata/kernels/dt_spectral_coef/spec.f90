! A 1-D spectral advection-diffusion model: the state holds its Fourier
! coefficients in a COMPLEX ALLOCATABLE component, allocated by init.
module spectral
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type :: spec_state_t
    integer :: nk = 0
    complex(dp), allocatable :: coef(:)
    real(dp), allocatable :: wavenum(:)
    real(dp) :: visc = 0.0_dp
  end type spec_state_t
contains
  subroutine spec_init(st, nk, a, b, visc)
    type(spec_state_t), intent(out) :: st
    integer, intent(in) :: nk
    real(dp), intent(in) :: a(nk), b(nk), visc
    integer :: k
    st%nk = nk
    allocate(st%coef(nk), st%wavenum(nk))
    do k = 1, nk
      st%wavenum(k) = real(k - 1, dp)
      st%coef(k) = cmplx(a(k), b(k), kind=dp)
    end do
    st%visc = visc
  end subroutine spec_init

  subroutine spec_step(st, c, dt)
    type(spec_state_t), intent(inout) :: st
    real(dp), intent(in) :: c, dt
    complex(dp), parameter :: i1 = (0.0_dp, 1.0_dp)
    integer :: k
    do k = 1, st%nk
      st%coef(k) = st%coef(k)*exp(-(i1*c*st%wavenum(k) + st%visc*st%wavenum(k)**2)*dt)
    end do
    ! A weak nonlinear damping of the amplitudes.
    st%coef = st%coef/(1.0_dp + 0.01_dp*dt*abs(st%coef)**2)
  end subroutine spec_step

  subroutine run(nk, nt, a, b, visc, c, energy)
    integer, intent(in) :: nk, nt
    real(dp), intent(in) :: a(nk), b(nk), visc, c
    real(dp), intent(out) :: energy
    type(spec_state_t) :: st
    integer :: it
    call spec_init(st, nk, a, b, visc)
    do it = 1, nt
      call spec_step(st, c, 0.05_dp)
    end do
    energy = sum(real(st%coef*conjg(st%coef), dp)*(1.0_dp + st%wavenum)) + real(st%coef(2), dp)
    deallocate(st%coef, st%wavenum)
  end subroutine run
end module spectral
