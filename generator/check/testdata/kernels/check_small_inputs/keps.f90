! An algebraic k-epsilon closure over a column, as ocean and atmosphere
! models evaluate it: the eddy viscosity cmu*k**2/eps, limited below,
! and the turbulent length scale, from turbulent kinetic energy k of
! order 1e-5 m2/s2 and dissipation eps of order 1e-8 m2/s3. fadj check
! steps each independent relative to its own size: a step of 1e-7 in
! eps would be ten times eps itself.
subroutine closure(n, k, eps, nn, nu, cost)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: k(n), eps(n), nn(n)
  real(8), intent(out) :: nu(n), cost
  real(8), parameter :: cmu = 0.09d0, nu_min = 1.0d-6
  real(8) :: l
  integer :: i
  cost = 0.0d0
  do i = 1, n
    nu(i) = max(cmu*k(i)**2/eps(i), nu_min)
    l = cmu**0.75d0*k(i)**1.5d0/eps(i)
    cost = cost + nu(i)*l/(1.0d0 + l**2*nn(i))
  end do
end subroutine closure
