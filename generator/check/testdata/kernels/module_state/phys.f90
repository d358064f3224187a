! Module variables as independents: the diffusion coefficient k and the
! source strength c live in module phys.
module phys
  implicit none
  real(8) :: k = 0.1d0
  real(8) :: c(4) = 1.0d0
end module

subroutine advance(u, n)
  use phys
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: u(n)
  integer :: i, step
  do step = 1, 5
    do i = 2, n - 1
      u(i) = u(i) + k*(u(i+1) - 2*u(i) + u(i-1)) + 0.01d0*c(mod(i, 4) + 1)*u(i)
    end do
  end do
end subroutine
