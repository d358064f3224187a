! Reverse mode only (checked by the dot product with finite
! differences): a numerically stable softmax.
subroutine softmax(z, p, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: z(n)
  real(8), intent(out) :: p(n)
  real(8) :: zmax
  zmax = maxval(z)
  p = exp(z - zmax)
  p = p/sum(p)
end subroutine
