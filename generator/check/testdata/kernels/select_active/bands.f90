! SELECT CASE on an integer computed from active values (the branch
! taken depends on x), with ranges.
subroutine bands(x, c, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n), c
  real(8), intent(out) :: y
  integer :: i
  y = 0
  do i = 1, n
    select case (int(10*x(i)))
    case (:3)
      y = y + c*x(i)
    case (4:5)
      y = y + x(i)**2
    case (6:)
      y = y*c + sin(x(i))
    end select
  end do
end subroutine
