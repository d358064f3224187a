module obs_gather
  implicit none
  integer, parameter :: wp = kind(1.d0)
contains
  ! An observation operator: gather the model state at observation
  ! points given by an index array, weight them, and skip rejected ones
  ! (quality-control flags) unless all observations are used.
  subroutine obs_cost(n, nobs, x, iobs, qc_ok, use_all, w, cost)
    integer, intent(in) :: n, nobs
    real(wp), intent(in) :: x(n)
    integer, intent(in) :: iobs(nobs)
    logical, intent(in) :: qc_ok(nobs), use_all
    real(wp), intent(in) :: w(nobs)
    real(wp), intent(out) :: cost
    integer :: k
    cost = 0
    do k = 1, nobs
      if (use_all .or. qc_ok(k)) then
        cost = cost + w(k)*(x(iobs(k))**2 - 0.1_wp*x(iobs(k)))**2
      end if
    end do
  end subroutine obs_cost
end module obs_gather
