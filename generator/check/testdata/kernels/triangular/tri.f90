! Loops whose bounds depend on the outer index: forward substitution
! with a lower-triangular matrix.
subroutine tri(a, b, x, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: a(n, n), b(n)
  real(8), intent(out) :: x(n)
  integer :: i, j
  do i = 1, n
    x(i) = b(i)
    do j = 1, i - 1
      x(i) = x(i) - a(i, j)*x(j)
    end do
    x(i) = x(i)/(a(i, i) + 2.0d0)
  end do
end subroutine
