! Complex arithmetic in tangent mode: a plane wave and its modulus.
subroutine wave(k, psi, r, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: k
  complex(8), intent(out) :: psi(n)
  real(8), intent(out) :: r
  complex(8), parameter :: i1 = (0.0d0, 1.0d0)
  integer :: j
  do j = 1, n
    psi(j) = exp(i1*k*j)*(1 + k*j/10.0d0)
  end do
  r = sum(abs(psi)**2)
end subroutine
