! Array sections and elements passed as actual arguments to a callee
! that modifies them.
subroutine damp(v, m, c)
  implicit none
  integer, intent(in) :: m
  real(8), intent(inout) :: v(m)
  real(8), intent(in) :: c
  v = v*c + v**2*0.1d0
end subroutine

subroutine smooth3(u, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: u(n)
  call damp(u(2:n-1), n - 2, 0.9d0)
  call damp(u(1:n:2), (n + 1)/2, 0.8d0)
  call damp(u(n), 1, 0.5d0)
end subroutine
