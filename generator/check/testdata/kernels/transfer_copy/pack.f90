! transfer as message-passing and I/O layers use it: a state array copied
! through a buffer of the same type (transfer(u, buf)), a scalar through
! transfer(c, 0.0d0), a real array packed whole with a rank-1 mold, and
! the bits of a passive real kept in an integer (a checksum).
subroutine pack(u, c, n, v, e)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: u(n), c
  real(8), intent(out) :: v(n), e
  real(8) :: buf(n), s, grid(n)
  integer(8) :: bits
  integer :: i
  grid = [(0.5d0*i, i = 1, n)]
  buf = transfer(u*u, buf)
  s = transfer(c, 0.0d0)
  bits = transfer(grid(2), bits)
  if (bits /= 0) s = s*transfer(bits, s)
  v = transfer(sin(buf)*s, [0.0d0]) + grid
  e = sum(v*transfer(u, grid)) + transfer(s*s, e)
end subroutine
