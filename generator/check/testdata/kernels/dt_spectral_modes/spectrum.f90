! Modes in an ALLOCATABLE array of a flat type with a scalar COMPLEX
! component: snapshots hold real(s%modes%amp) and aimag(s%modes%amp).
module waves
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type mode_t
    complex(dp) :: amp
    real(dp) :: freq
  end type mode_t
  type spectrum_t
    type(mode_t), allocatable :: modes(:)
  end type
contains
  subroutine spec_init(s, n, a, f)
    type(spectrum_t), intent(out) :: s
    integer, intent(in) :: n
    real(dp), intent(in) :: a(n), f
    integer :: k
    allocate(s%modes(n))
    do k = 1, n
      s%modes(k)%amp = cmplx(a(k), 0.5_dp*a(k), kind=dp)
      s%modes(k)%freq = f*k
    end do
  end subroutine
  subroutine spec_step(s, dt)
    type(spectrum_t), intent(inout) :: s
    real(dp), intent(in) :: dt
    integer :: k
    do k = 1, size(s%modes)
      s%modes(k)%amp = s%modes(k)%amp*exp(cmplx(-0.1_dp*dt, s%modes(k)%freq*dt, kind=dp)) &
        - dt*0.2_dp*s%modes(k)%amp*abs(s%modes(k)%amp)
    end do
  end subroutine
  subroutine run_spectrum(n, nt, a, f, e)
    integer, intent(in) :: n, nt
    real(dp), intent(in) :: a(n), f
    real(dp), intent(out) :: e
    type(spectrum_t) :: s
    integer :: it
    call spec_init(s, n, a, f)
    do it = 1, nt
      call spec_step(s, 0.1_dp)
    end do
    e = sum(real(s%modes%amp)**2 + 2*aimag(s%modes%amp)**2)
  end subroutine
end module
