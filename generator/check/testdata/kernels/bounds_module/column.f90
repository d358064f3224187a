! Array bounds from module variables, as models size their dummies: a
! halo domain u(isd:ied) with module bounds, optical depths sized by a
! configuration component od(config%n_g, nlev), observations sized by an
! expression yo(n, nt/nobs), and a clipped size min(n, nmax).
module domain
  implicit none
  integer :: isd = 0, ied = 7
  integer :: nlev
  integer, parameter :: nmax = 2
  type tconfig
    integer :: n_g = 3
  end type tconfig
  type(tconfig) :: config
end module domain

subroutine column(n, nt, nobs, u, od, yo, w)
  use domain
  implicit none
  integer, intent(in) :: n, nt, nobs
  real(8), intent(inout) :: u(isd:ied)
  real(8), intent(in) :: od(config%n_g, nlev)
  real(8), intent(out) :: yo(n, nt/nobs)
  real(8), intent(in) :: w(min(n, nmax))
  integer :: i, j, k
  do k = 1, nt/nobs
    do j = 1, n
      yo(j, k) = 0
      do i = 1, config%n_g
        yo(j, k) = yo(j, k) + exp(-od(i, 1 + mod(j + k, nlev)))*u(isd + mod(i + j*k, ied - isd + 1))
      end do
      yo(j, k) = yo(j, k)*w(1 + mod(j, min(n, nmax)))
    end do
  end do
  do i = isd + 1, ied
    u(i) = u(i) + 0.5d0*u(i - 1)**2
  end do
end subroutine column
