subroutine top2(n, nt, u, j)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(out) :: j
  call heat(n, nt, u, j)
  j = j*j
end subroutine top2
