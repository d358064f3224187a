! Column mixing from a top level the caller picks each step: the work
! array is automatic, work(ktop:nlev), and the routine moves ktop down
! one level (an intent(inout) dummy) before its second loop. The joint
! adjoint re-runs mix with the top the call started with.
module atm
  implicit none
  integer, parameter :: dp = kind(1.0d0)
contains
  subroutine mix(nlev, ktop, t, q)
    integer, intent(in) :: nlev
    integer, intent(inout) :: ktop
    real(dp), intent(inout) :: t(nlev), q(nlev)
    real(dp) :: dz(nlev), work(ktop:nlev), tv, tc
    integer :: k
    dz = 1.0_dp
    work = 0
    do k = ktop, nlev
      tv = t(k)*(1 + 0.6_dp*q(k))
      tc = tv - 0.3_dp
      tc = tc*tc
      work(k) = tc*dz(k)
    end do
    ktop = ktop + 1
    do k = nlev, ktop, -1
      t(k) = t(k) + 0.1_dp*work(k) - 0.05_dp*work(k-1)
      q(k-1) = q(k-1) + 0.01_dp*work(k)*t(k)
    end do
  end subroutine

  subroutine run(nlev, nt, t, q, cost)
    integer, intent(in) :: nlev, nt
    real(dp), intent(inout) :: t(nlev), q(nlev)
    real(dp), intent(out) :: cost
    integer :: it, ktop
    do it = 1, nt
      ktop = 1 + mod(it, 2)
      call mix(nlev, ktop, t, q)
      t(ktop) = t(ktop)*0.99_dp
    end do
    cost = sum(t**2) + sum(q**2)
  end subroutine
end module
