! Counted DO loops with computed bounds, non-unit and negative steps, a
! zero-trip loop, and index arithmetic (mod, max) in subscripts.
subroutine idx(x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y(n)
  integer :: i, j, k
  y = 0
  do i = 1, n
    j = mod(i*3, n) + 1
    k = n + 1 - i
    y(j) = y(j) + x(i)*x(k) + real(i, 8)*x(max(1, i/2))
  end do
  do i = 2, n, 2
    y(i-1) = y(i-1)*y(i)
  end do
  do i = n, 1, -3
    y(i) = y(i)*y(n + 1 - i) + x(i)
  end do
  do i = n - 1, 3, -2
    y(i) = y(i) + y(i+1)*x(i-2)
  end do
  do i = 5, 4
    y(i) = 0
  end do
end subroutine
