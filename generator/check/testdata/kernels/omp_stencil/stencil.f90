! A 1-D diffusion step as an OpenMP loop: each iteration writes its own
! element from its neighbours, through private temporaries, and the
! residual norm is a reduction.
subroutine stencil(n, u, c, unew, r)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: u(n), c
  real(8), intent(out) :: unew(n), r
  integer :: i
  real(8) :: flux, t
  r = 0.0d0
  unew(1) = u(1)
  unew(n) = u(n)
!$omp parallel do private(flux, t) reduction(+:r) schedule(static)
  do i = 2, n - 1
    flux = c * (u(i-1) - 2.0d0 * u(i) + u(i+1))
    t = sin(u(i)) * flux
    unew(i) = u(i) + t
    r = r + t * t
  end do
!$omp end parallel do
end subroutine stencil
