! A binomially checkpointed loop in a routine that the target calls in a
! loop, jointly (a checkpointed call): the loop's schedule runs again in
! each call's adjoint.
module heat
  implicit none
contains
  subroutine integrate(n, nt, u, nu)
    integer, intent(in) :: n, nt
    real(8), intent(inout) :: u(n)
    real(8), intent(in) :: nu
    real(8) :: lap(n)
    integer :: it
    do it = 1, nt
      lap(2:n-1) = u(1:n-2) - 2*u(2:n-1) + u(3:n)
      lap(1) = u(2) - u(1)
      lap(n) = u(n-1) - u(n)
      u = u + nu*lap - 0.01d0*u**3
    end do
  end subroutine
end module

subroutine model(n, nt, u, nu, j)
  use heat
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: nu
  real(8), intent(out) :: j
  integer :: r
  j = 0
  do r = 1, 3
    call integrate(n, nt, u, nu)
    j = j + sum(u**2)
    u = u*0.9d0
  end do
end subroutine
