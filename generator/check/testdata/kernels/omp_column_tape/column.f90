! Column physics over columns in parallel: a saturation adjustment
! iterated to convergence in each level (a DO WHILE), then mixing
! with the level above in place.
subroutine column_physics(nz, ncol, t, q, dt)
  implicit none
  integer, intent(in) :: nz, ncol
  real(8), intent(inout) :: t(nz, ncol), q(nz, ncol)
  real(8), intent(in) :: dt
  integer :: j, k, it
  real(8) :: qs, dq, tk
  !$omp parallel do private(k, it, qs, dq, tk) schedule(dynamic)
  do j = 1, ncol
    do k = 2, nz
      tk = t(k, j)
      it = 0
      do while (it < 4 .and. q(k, j) > 0.2d0)
        qs = 0.3d0*exp(0.05d0*(tk - 1.0d0))
        dq = 0.5d0*(q(k, j) - qs)
        q(k, j) = q(k, j) - dq
        tk = tk + 2.5d0*dq
        it = it + 1
      end do
      t(k, j) = tk
      t(k, j) = t(k, j) + dt*(t(k - 1, j) - t(k, j))*abs(t(k - 1, j) - t(k, j))
    end do
  end do
  !$omp end parallel do
end subroutine column_physics
