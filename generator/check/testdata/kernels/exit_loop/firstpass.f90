! EXIT out of a counted loop when an active sum passes a bound, and a
! named EXIT out of an outer loop.
subroutine firstpass(x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y
  integer :: i, j
  y = 0
  do i = 1, n
    if (y > 2.0d0) exit
    y = y + x(i)**2
  end do
  outer: do i = 1, n
    do j = 1, n
      if (j > i) exit
      if (i*j > 12) exit outer
      y = y + x(i)*x(j)*0.1d0
    end do
  end do outer
end subroutine
