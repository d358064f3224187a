! Modes in an array of types (a scalar COMPLEX component each) and a
! 2-D COMPLEX component: array parts f%m%z%re and f%g%re.
module modes
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type mode_t
    complex(dp) :: z
    real(dp) :: k
  end type
  type field_t
    type(mode_t) :: m(4)
    complex(dp) :: g(3, 2)
  end type
contains
  subroutine step(f, dt)
    type(field_t), intent(inout) :: f
    real(dp), intent(in) :: dt
    integer :: i
    do i = 1, 4
      f%m(i)%z = f%m(i)%z*(1.0_dp - dt*f%m(i)%k) + dt*f%g(1 + mod(i, 3), 1 + mod(i, 2))
    end do
    f%g = f%g*exp(cmplx(0.0_dp, dt, dp)) + dt*f%g**2*0.1_dp
    f%m%z = f%m%z/(1.0_dp + dt*abs(f%m%z))
  end subroutine
  subroutine run_modes(nt, x, y, e)
    integer, intent(in) :: nt
    real(dp), intent(in) :: x(4), y(6)
    real(dp), intent(out) :: e
    type(field_t) :: f
    integer :: it, i
    do i = 1, 4
      f%m(i)%z = cmplx(x(i), 0.5_dp*x(i)**2, dp)
      f%m(i)%k = 0.1_dp*i
    end do
    f%g = reshape(cmplx(y, 1.0_dp, dp), [3, 2])*0.3_dp
    do it = 1, nt
      call step(f, 0.1_dp)
    end do
    e = sum(abs(f%m%z)**2) + real(sum(f%g*f%g))
  end subroutine
end module
