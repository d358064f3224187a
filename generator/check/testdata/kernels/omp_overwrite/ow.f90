! A parallel loop overwriting its input: the values its adjoint needs are
! saved before the parallel region and restored after it.
subroutine ow(n, x, y)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: x(n)
  real(8), intent(in) :: y(n)
  integer :: i
  !$omp parallel do
  do i = 1, n
    x(i) = sin(x(i)) * y(i)
  end do
  !$omp end parallel do
end subroutine ow
