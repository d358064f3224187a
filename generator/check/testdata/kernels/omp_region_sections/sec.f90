! Sections in a parallel region, as models split independent work among
! threads: the momentum and the tracer tendencies in two sections, then
! an update of both in an !$omp do loop. The sections become one block
! run by the master thread, in both sweeps.
subroutine tendencies(n, u, q, c, du, dq)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: u(n), q(n), c
  real(8), intent(out) :: du(n), dq(n)
  integer :: i
  !$omp parallel private(i)
  !$omp sections
  !$omp section
  du(1) = 0.0d0
  do i = 2, n
    du(i) = c * (u(i) - u(i - 1)) * u(i)
  end do
  !$omp section
  dq(1) = q(1)
  do i = 2, n
    dq(i) = dq(i - 1) * 0.5d0 + sin(q(i)) * u(i)
  end do
  !$omp end sections
  !$omp do
  do i = 1, n
    du(i) = du(i) + c * dq(i)
    dq(i) = dq(i) * du(i)
  end do
  !$omp end do
  !$omp end parallel
end subroutine tendencies
