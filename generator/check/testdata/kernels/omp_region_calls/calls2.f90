! Calls of an internal subroutine in a SINGLE block of a parallel region
! ending the routine's body (its END directives on the CONTAINS line):
! the forward region records the callees' snapshots and the backward
! one calls their adjoints, one thread at a time in SINGLE blocks; a
! passive call stays as it is. (A call of active code run by every
! thread is rejected.)
subroutine calls2(n, x, y)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: x(n)
  real(8), intent(out) :: y(n)
  integer :: i
  real(8) :: scale
  !$omp parallel
  !$omp do
  do i = 1, n
    y(i) = x(i)**2
  end do
  !$omp end do
  !$omp single
  call sq(y(1), x(1))
  call sq(x(2), y(2))
  scale = 1.0d0
  call sq(0.1d0, scale)
  x(3) = x(3) * scale
  !$omp end single
  !$omp end parallel
contains
  subroutine sq(a, b)
    real(8), intent(in) :: a
    real(8), intent(inout) :: b
    b = b * exp(a)
  end subroutine sq
end subroutine calls2
