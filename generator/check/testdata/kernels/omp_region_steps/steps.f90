! Time steps of a 1-D nonlinear diffusion, each step one parallel region
! with two worksharing loops (the stencil into unew, then the copy back
! with the energy as a reduction); the region ends the time loop's body,
! so its END directives are on the END DO line. The backward time loop
! runs one backward parallel region per step.
subroutine steps(n, nt, u, c, e)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: c
  real(8), intent(out) :: e
  real(8) :: unew(n), t
  integer :: i, it
  e = 0.0d0
  do it = 1, nt
    !$omp parallel private(t)
    !$omp do
    do i = 2, n - 1
      t = u(i-1) - 2.0d0 * u(i) + u(i+1)
      unew(i) = u(i) + c * t * (1.0d0 + 0.1d0 * u(i)**2)
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
