! An intent(inout) array that is both independent and dependent,
! updated in place through a callee (Jacobi-like relaxation).
subroutine update(u, b, n, omega)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: b(n), omega
  real(8) :: old(n)
  old = u
  u(2:n-1) = (1 - omega)*old(2:n-1) + omega*0.5d0*(old(1:n-2) + old(3:n) + b(2:n-1))
end subroutine

subroutine relax(u, b, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: b(n)
  integer :: sweep
  do sweep = 1, 4
    call update(u, b, n, 0.8d0)
  end do
end subroutine
