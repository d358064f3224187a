! A DO loop without control ended by EXIT on an active test, and a DO
! WHILE with an EXIT inside.
subroutine sweep(x, c, y)
  implicit none
  real(8), intent(in) :: x, c
  real(8), intent(out) :: y
  integer :: k
  y = x
  k = 0
  do while (k < 50)
    k = k + 1
    y = 0.5d0*(y + c/y)
    if (k >= 6) exit
  end do
  do
    y = y*0.8d0 + 0.1d0*x
    k = k + 1
    if (y < 0.3d0 .or. k > 60) exit
  end do
end subroutine
