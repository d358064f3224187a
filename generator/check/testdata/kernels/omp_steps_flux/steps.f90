! Time steps of a 1-D nonlinear diffusion, each step one parallel region
! ending the time loop's body (its END directives on the END DO line),
! with a flux function: the tangent's temporaries (the derivative
! function's results) are private to the region.
module fluxes
  implicit none
contains
  real(8) function flux(a, b, c)
    real(8), intent(in) :: a, b, c
    flux = c * (b - a) * (1.0d0 + 0.1d0 * (a + b)**2)
  end function flux
end module fluxes

subroutine steps(n, nt, u, c, e)
  use fluxes
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: c
  real(8), intent(out) :: e
  real(8) :: unew(n)
  integer :: i, it
  e = 0.0d0
  do it = 1, nt
    !$omp parallel
    !$omp do
    do i = 2, n - 1
      unew(i) = u(i) + flux(u(i), u(i+1), c) - flux(u(i-1), u(i), c)
    end do
    !$omp end do
    !$omp do reduction(+:e)
    do i = 2, n - 1
      u(i) = unew(i)
      e = e + u(i)**2
    end do
    !$omp end do
    !$omp end parallel
  end do
end subroutine steps
