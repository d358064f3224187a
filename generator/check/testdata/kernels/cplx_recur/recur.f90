! A complex recurrence as a spectral or transfer-matrix code writes it:
! a complex state overwritten in a loop (z = 0.1*z*z + k(j)), a complex
! array updated element by element (w(j) = w(j)*z) and as a whole
! (w = w*w + z): the tape holds their real and imaginary parts.
subroutine recur(r, l, k, n, p, q)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: r, l, k(n)
  real(8), intent(out) :: p, q(n)
  complex(8) :: z, w(n)
  integer :: j
  z = cmplx(r, l, kind=8)
  w = z
  do j = 1, n
    z = 0.1d0*z*z + k(j)
    w(j) = w(j)*z
  end do
  w = w*w + z
  p = abs(z)
  q = p + real(w)
end subroutine
