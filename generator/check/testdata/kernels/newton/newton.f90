! An iterative solver with DO WHILE: Newton's method for z**3 + a*z = b.
subroutine newton(a, b, z)
  implicit none
  real(8), intent(in) :: a, b
  real(8), intent(out) :: z
  real(8) :: f, fp, dz
  integer :: it
  z = 1.0d0
  dz = 1.0d0
  it = 0
  do while (abs(dz) > 1.0d-15 .and. it < 100)
    f = z**3 + a*z - b
    fp = 3*z**2 + a
    dz = f/fp
    z = z - dz
    it = it + 1
  end do
end subroutine
