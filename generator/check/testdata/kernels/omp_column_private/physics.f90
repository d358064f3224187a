! Column physics changing a private scalar of the iteration: relax
! updates the column t(:, j) and its surface factor ts, private to the
! parallel loop. The snapshot of ts before the call goes to an array
! indexed by the column (not the tape), the column's to the tape once
! before the loop; each backward iteration restores both and calls
! relax's adjoint.
module column_physics
  implicit none
contains
  subroutine relax(nz, t, ts, kappa)
    integer, intent(in) :: nz
    real(8), intent(inout) :: t(nz), ts
    real(8), intent(in) :: kappa
    integer :: k
    do k = 2, nz
      t(k) = t(k) + kappa * (t(k - 1) - t(k)) * ts
    end do
    ts = ts * t(nz)
  end subroutine relax
end module column_physics

subroutine physics_step(nz, ncol, t, s, kappa)
  use column_physics
  implicit none
  integer, intent(in) :: nz, ncol
  real(8), intent(inout) :: t(nz, ncol), s(ncol)
  real(8), intent(in) :: kappa
  real(8) :: ts
  integer :: j
  !$omp parallel do private(ts)
  do j = 1, ncol
    ts = 0.5d0 * s(j)
    call relax(nz, t(:, j), ts, kappa)
    s(j) = sin(ts) * t(1, j)
  end do
end subroutine physics_step
