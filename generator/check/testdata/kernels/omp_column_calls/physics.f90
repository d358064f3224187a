! Column physics called on each column of a parallel loop, as
! atmosphere and ocean models do: each iteration calls the routine on
! its own column, t(:, j) and q(:, j), with coefficients every column
! shares (kappa, w), then adjusts its surface value. The callee's adjoint
! runs in the backward iteration and records on the tape of its thread.
module column_physics
  implicit none
contains
  subroutine relax(nz, t, q, kappa, w)
    integer, intent(in) :: nz
    real(8), intent(inout) :: t(nz), q(nz)
    real(8), intent(in) :: kappa
    real(8), intent(in) :: w(nz)
    integer :: k
    real(8) :: flux
    do k = 2, nz
      flux = kappa * w(k) * (t(k - 1) - t(k))
      t(k) = t(k) + flux
      q(k) = q(k) * exp(-0.1d0 * flux)
    end do
  end subroutine relax
end module column_physics

subroutine physics_step(nz, ncol, t, q, kappa, w)
  use column_physics
  implicit none
  integer, intent(in) :: nz, ncol
  real(8), intent(inout) :: t(nz, ncol), q(nz, ncol)
  real(8), intent(in) :: kappa, w(nz)
  integer :: j
  !$omp parallel do schedule(static)
  do j = 1, ncol
    call relax(nz, t(:, j), q(:, j), kappa, w)
    q(nz, j) = q(nz, j) * t(nz, j)
  end do
  !$omp end parallel do
end subroutine physics_step
