! A 1-D finite-volume advection step with a flux limiter written as an
! elemental module function, applied in WHEREs (the limiter only where the
! gradient ratio is defined, a positivity fix where a smooth indicator,
! itself an elemental function, says so). Faces are numbered from 0.
module fv1d
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  real(wp), parameter :: eps = 1.0e-8_wp
contains
  elemental real(wp) function limiter(r)
    real(wp), intent(in) :: r
    limiter = (r + abs(r))/(1.0_wp + abs(r))
  end function limiter

  elemental real(wp) function indicator(a, b)
    real(wp), intent(in) :: a, b
    indicator = a*a/(a*a + b*b + eps)
  end function indicator

  subroutine advect(n, q, c, cost)
    integer, intent(in) :: n
    real(wp), intent(inout) :: q(n)
    real(wp), intent(in) :: c
    real(wp), intent(out) :: cost
    real(wp) :: dq(0:n), flux(0:n)
    real(wp), allocatable :: r(:)
    allocate(r(0:n))
    dq = 0.0_wp
    dq(1:n-1) = q(2:n) - q(1:n-1)
    r = 0.0_wp
    r(1:n-1) = dq(0:n-2)
    flux = 0.0_wp
    ! Limited flux where the gradient is large enough, first order elsewhere.
    where (abs(dq(1:n-1)) > 0.1_wp)
      flux(1:n-1) = c*(q(1:n-1) + 0.5_wp*limiter(r(1:n-1)/dq(1:n-1))*dq(1:n-1))
    elsewhere
      flux(1:n-1) = c*q(1:n-1)
    end where
    ! A correction on whole arrays (faces from 0, r allocatable) and on
    ! every other face.
    where (abs(dq) > eps) flux = flux + 0.1_wp*c*limiter(r/dq)*dq
    where (flux(0:n:2) > 0.0_wp) flux(0:n:2) = flux(0:n:2)*limiter(dq(1:n:2) + 1.0_wp)
    q(2:n-1) = q(2:n-1) - (flux(2:n-1) - flux(1:n-2))
    ! Damp where the indicator is large (the mask calls it too).
    where (indicator(dq(1:n), r(1:n)) > 0.3_wp) q = q - 0.1_wp*indicator(q, dq(1:n))*q
    cost = sum(q**2) + sum(flux(::2))
  end subroutine advect
end module fv1d
