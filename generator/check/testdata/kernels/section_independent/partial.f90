! An array section as the independent: derivatives with respect to
! u(2:4) only.
subroutine partial(u, s, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: u(n)
  real(8), intent(out) :: s
  s = sum(u**2) + u(3)*u(4)
end subroutine
