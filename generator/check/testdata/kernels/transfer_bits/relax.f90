! Legacy code parks a real's bits in an integer of the same size (a
! message field, a checksum slot) and takes the value back later as a
! real; it also compares a value's bits with a sentinel's. The round
! trip is a copy whose derivative is the identity; the comparison
! carries none.
subroutine relax(n, x, w, y)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n), w
  real(8), intent(out) :: y
  integer(8) :: packed, sentinel
  real(8) :: acc
  integer :: i
  sentinel = transfer(-999.0d0, sentinel)
  y = 0
  do i = 1, n
    if (transfer(x(i), sentinel) == sentinel) cycle
    packed = transfer(x(i)*w, packed)
    acc = transfer(packed, acc)
    y = y + acc**2 + sin(transfer(packed, 1.0d0))
  end do
end subroutine relax
