! Two tracers' advection tendencies in the sections of a combined !$omp
! parallel sections, each by a call, the second with an expression
! argument (0.5d0*c): its tangent, computed before the call, must run in
! the call's section (it ran in the section before, where the private
! temporary belonged to another thread: wrong tangents on 2 threads).
module tracers
  implicit none
contains
  subroutine advect(n, c, q, dq)
    integer, intent(in) :: n
    real(8), intent(in) :: c, q(n)
    real(8), intent(out) :: dq(n)
    integer :: i
    dq(1) = 0.0d0
    do i = 2, n
      dq(i) = -c * (q(i) - q(i - 1)) * q(i)
    end do
  end subroutine advect
end module tracers

subroutine tend(n, c, t, s, dt, ds)
  use tracers
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: c, t(n), s(n)
  real(8), intent(out) :: dt(n), ds(n)
  !$omp parallel sections
  !$omp section
  call advect(n, c, t, dt)
  !$omp section
  call advect(n, 0.5d0 * c, s, ds)
  ds = ds * t
  !$omp end parallel sections
end subroutine tend
