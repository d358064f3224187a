! modulo: periodic neighbours of a 1-D advection step, and the real
! modulo of active values (a sawtooth forcing).
subroutine wave(n, nt, u, c, y)
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: c
  real(8), intent(out) :: y
  real(8) :: un(n)
  integer :: i, it, im, ip
  do it = 1, nt
    do i = 1, n
      im = modulo(i - 2, n) + 1
      ip = modulo(i, n) + 1
      un(i) = u(i) - 0.2d0*c*(u(ip) - u(im)) + 0.01d0*modulo(u(i) + c, 0.7d0)
    end do
    u = un
  end do
  y = sum(u**2) + modulo(c*u(1), 1.3d0)
end subroutine wave
