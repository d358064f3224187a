! Overlapping sections of the same array on both sides, in a callee.
subroutine scale(a, c, m)
  implicit none
  integer, intent(in) :: m
  real(8), intent(inout) :: a(m)
  real(8), intent(in) :: c
  real(8) :: t(m)
  t = a*c
  a(2:) = t(2:) - t(:size(a)-1)*a(1)
end subroutine

subroutine ash(u, n, c)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: c
  integer :: i
  do i = 1, 3
    call scale(u, c, n)
  end do
end subroutine
