! Nested calls (top -> middle -> leaf), reversed in split mode.

subroutine leaf(a, b)
  implicit none
  real(8), intent(in) :: a
  real(8), intent(inout) :: b
  b = b*cos(a) + a*a
end subroutine

subroutine middle(u, n, s)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: s
  integer :: i
  do i = 2, n
    call leaf(s, u(i))
  end do
  do i = 1, n - 1
    call leaf(u(i+1), u(i))
  end do
end subroutine

subroutine top(u, s, n, f)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: s
  real(8), intent(out) :: f
  integer :: k
  do k = 1, 3
    call middle(u, n, s)
  end do
  f = sum(u**2)
end subroutine
