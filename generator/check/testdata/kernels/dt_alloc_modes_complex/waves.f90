! Wave modes: an ALLOCATABLE array of a type with a COMPLEX ALLOCATABLE
! amplitude array per mode, advanced in a checkpointed loop.
module waves
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type :: mode_t
    complex(dp), allocatable :: amp(:)
    real(dp) :: freq = 1.0_dp
  end type
contains
  subroutine run(nm, nk, a, c, e)
    integer, intent(in) :: nm, nk
    real(dp), intent(in) :: a(nk), c
    real(dp), intent(out) :: e
    type(mode_t), allocatable :: modes(:)
    integer :: m, it
    allocate(modes(nm))
    do m = 1, nm
      allocate(modes(m)%amp(nk))
      modes(m)%amp = cmplx(a*m, c*a, kind=dp)
      modes(m)%freq = 0.1_dp*m
    end do
    do it = 1, 4
      do m = 1, nm
        modes(m)%amp = modes(m)%amp*exp(cmplx(-0.01_dp*c, modes(m)%freq, kind=dp))
        modes(m)%amp = modes(m)%amp + 0.01_dp*modes(m)%amp**2
      end do
    end do
    e = 0
    do m = 1, nm
      e = e + sum(abs(modes(m)%amp)**2)
    end do
    deallocate(modes)
  end subroutine
end module
