! A parallel loop reading its input at a computed index: the adjoint's
! increments x_b(j) = x_b(j) + ... of different iterations may hit the
! same element at no fixed distance, so they are !$omp atomic.
subroutine gather(n, x, w, y)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n), w(n)
  real(8), intent(out) :: y(n)
  integer :: i, j
  !$omp parallel do private(j)
  do i = 1, n
    j = mod(3 * i, n) + 1
    y(i) = x(j) * w(i) + x(i)**2
  end do
  !$omp end parallel do
end subroutine gather
