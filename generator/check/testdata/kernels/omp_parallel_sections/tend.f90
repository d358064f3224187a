! Independent tendencies computed in a combined !$omp parallel sections
! construct, as models split the momentum and the tracer physics between
! threads, then combined. The construct is a parallel region of one
! sections construct, whose sections run one after the other on the
! master thread in both sweeps (a valid order).
subroutine tendencies(n, u, q, c, du, dq)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: u(n), q(n), c
  real(8), intent(out) :: du(n), dq(n)
  integer :: i
  real(8) :: t
  !$omp parallel sections private(i, t)
  !$omp section
  du(1) = 0.0d0
  do i = 2, n
    t = u(i) - u(i - 1)
    du(i) = c * t * u(i)
  end do
  !$omp section
  dq(1) = q(1)
  do i = 2, n
    dq(i) = dq(i - 1) * 0.5d0 + sin(q(i)) * u(i)
  end do
  !$omp end parallel sections
  du = du + c * dq
end subroutine tendencies
