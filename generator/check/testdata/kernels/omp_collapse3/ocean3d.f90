! One step of a 3-D tracer model on an (nx, ny, nz) grid, as ocean and
! atmosphere dynamical cores write their loops: the diffusion over the
! interior with collapse(3), whose adjoint increments the neighbours
! (its backward loop is parallel over k in two colours of blocks), then
! an in-place nonlinear decay of each cell, collapsed too, whose private
! rate the adjoint needs at the end of each (j, k) row (it goes on the
! threads' tapes: both sweeps run blocks of k on each thread).
subroutine tracer_step(nx, ny, nz, kh, t, tnew, decay)
  implicit none
  integer, intent(in) :: nx, ny, nz
  real(8), intent(in) :: kh(nx, ny, nz), decay
  real(8), intent(in) :: t(nx, ny, nz)
  real(8), intent(inout) :: tnew(nx, ny, nz)
  integer :: i, j, k
  real(8) :: lap, rate
  !$omp parallel do collapse(3) private(lap) schedule(static)
  do k = 2, nz - 1
    do j = 2, ny - 1
      do i = 2, nx - 1
        lap = t(i-1, j, k) + t(i+1, j, k) + t(i, j-1, k) + t(i, j+1, k) &
            + 0.5d0 * (t(i, j, k-1) + t(i, j, k+1)) - 5.0d0 * t(i, j, k)
        tnew(i, j, k) = t(i, j, k) + 0.05d0 * kh(i, j, k) * lap
      end do
    end do
  end do
  !$omp end parallel do
  !$omp parallel do collapse(3) private(rate)
  do k = 1, nz
    do j = 1, ny
      do i = 1, nx
        rate = decay * tnew(i, j, k)**2
        tnew(i, j, k) = tnew(i, j, k) * exp(-rate)
      end do
    end do
  end do
  !$omp end parallel do
end subroutine tracer_step
