! Nested DO WHILE loops with an active branch inside.
subroutine nw(x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x
  real(8), intent(out) :: y
  integer :: i, k
  y = x
  i = 0
  do while (i < n)
    i = i + 1
    k = i
    do while (k > 0)
      y = y*0.9d0 + x*cos(y)
      k = k - 2
    end do
    if (y > 1.0d0) then
      y = y - 0.5d0*x
    end if
  end do
end subroutine
