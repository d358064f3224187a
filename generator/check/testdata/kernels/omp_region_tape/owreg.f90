! A parallel region whose two worksharing loops overwrite their input in
! place: the old values each loop's adjoint needs are saved as one
! section before the loop and go on the tape after it, in SINGLE blocks
! (one thread uses the tape, between the loops' barriers); the backward
! region pops them in SINGLE blocks too.
subroutine owreg(n, x, y, s)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: x(n)
  real(8), intent(in) :: y(n)
  real(8), intent(out) :: s
  integer :: i
  s = 0.0d0
  !$omp parallel
  !$omp do
  do i = 1, n
    x(i) = sin(x(i) * y(i)) * y(i)
  end do
  !$omp end do
  !$omp do reduction(+:s)
  do i = 1, n
    x(i) = x(i) * x(i)
    s = s + x(i)
  end do
  !$omp end do
  !$omp end parallel
end subroutine owreg
