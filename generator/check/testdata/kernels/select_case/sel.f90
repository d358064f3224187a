! SELECT CASE on an integer expression, with a list and a default.
subroutine sel(x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y
  real(8) :: acc
  integer :: i
  acc = 1.0d0
  y = 0.0d0
  do i = 1, n
    select case (mod(i, 5))
    case (0)
      acc = acc*x(i)
    case (1, 2)
      acc = acc + x(i)**2
    case (3)
      acc = 1.0d0
    case default
      acc = acc*cos(x(i))
    end select
    y = y + acc
  end do
  y = y + acc
end subroutine
