! A function with an active result called in a loop, its result fed
! back into its argument.
real(8) function logistic(v, r)
  implicit none
  real(8), intent(in) :: v, r
  logistic = r*v*(1 - v)
end function

subroutine chain(x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x
  real(8), intent(out) :: y
  real(8), external :: logistic
  real(8) :: r
  integer :: i
  y = x
  r = 2.5d0 + x
  do i = 1, n
    y = logistic(y, r)
  end do
end subroutine
