! Complex intermediates as a circuit or wave model writes them: an
! impedance built with cmplx, a plane wave exp(i*k*x) summed over a
! grid, a complex array, conjg, abs, real and aimag of the results, and
! implicit conversions between real and complex in assignments.
subroutine phasor(r, l, k, n, p, q)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: r, l, k(n)
  real(8), intent(out) :: p, q(n)
  complex(8), parameter :: i1 = (0.0d0, 1.0d0)
  complex(8) :: z, v, w(n), s
  real(8) :: omega
  integer :: j
  omega = 2.0d0
  z = cmplx(r, omega*l, kind=8)
  do j = 1, n
    w(j) = exp(i1*k(j)*j)/(z + j)
  end do
  s = sum(w*conjg(w))
  v = sqrt(z)*s + r
  p = abs(v)**2 + real(v*conjg(z))
  q = aimag(w) + real(w)*abs(z)
  p = p + v
end subroutine
