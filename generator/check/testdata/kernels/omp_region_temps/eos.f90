! A parallel region as ocean models write it: an equation of state,
! a module function, evaluated in an !$omp do loop over the points, then
! a buoyancy update in a second loop. The tangent's temporaries (the
! results of the derivative function's calls) are private to the region.
module eos_mod
  implicit none
contains
  real(8) function density(t, s)
    real(8), intent(in) :: t, s
    density = 1000.0d0 * (1.0d0 - 2.0d-4 * (t - 10.0d0)**2 + 7.6d-4 * s)
  end function density
end module eos_mod

subroutine buoyancy(n, t, s, b)
  use eos_mod
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: t(n), s(n)
  real(8), intent(out) :: b(n)
  real(8) :: rho(n)
  integer :: i
  !$omp parallel shared(t, s, b, rho)
  !$omp do
  do i = 1, n
    rho(i) = density(t(i), s(i))
  end do
  !$omp end do
  !$omp do
  do i = 1, n
    b(i) = -9.81d0 * (rho(i) - density(10.0d0, s(i))) / 1000.0d0
  end do
  !$omp end do
  !$omp end parallel
end subroutine buoyancy
