! An in-place nonlinear decay of each cell of a 2-D field in a
! collapse(2) nest with a private rate, as models write point physics.
! The adjoint needs the rate each (i, j) computed: the forward sweep
! stores it by (i, j), and the value rate has at the end of each row
! after the inner loop, so that nest is no longer perfect and the
! forward loop is parallel over j only (collapse(2) made gfortran reject
! it); the backward loop keeps the restore of that value before its
! inner loop, run in order (moved into the collapsed inner loop, it
! would restore the wrong rate).
subroutine decay2d(nx, ny, t, decay)
  implicit none
  integer, intent(in) :: nx, ny
  real(8), intent(in) :: decay
  real(8), intent(inout) :: t(nx, ny)
  integer :: i, j
  real(8) :: rate
  !$omp parallel do collapse(2) private(rate)
  do j = 1, ny
    do i = 1, nx
      rate = decay * t(i, j)**2
      t(i, j) = t(i, j) * exp(-rate)
    end do
  end do
  !$omp end parallel do
end subroutine decay2d
