! firstprivate and lastprivate active scalars, as models use them: a
! coefficient c each thread copies in (firstprivate, never written in
! the loop: its adjoint is a reduction), and the flux t of the last
! point, kept after the loop (lastprivate) for a boundary value.
subroutine edge_flux(n, x, y, c, tb)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y(n), tb
  real(8), intent(inout) :: c
  integer :: i
  real(8) :: t
  t = 0.0d0
  !$omp parallel do firstprivate(c) lastprivate(t)
  do i = 1, n
    t = c * x(i)**2
    y(i) = sin(t) + c * x(i)
  end do
  !$omp end parallel do
  tb = t * t + c
  c = 2.0d0 * c
end subroutine edge_flux
