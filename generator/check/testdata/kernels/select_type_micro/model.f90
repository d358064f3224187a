! Microphysics schemes: a base scheme and two extensions; the tendency
! routine selects the scheme, its blocks referencing an active function,
! branching on the state, skipping dry levels with CYCLE.
module micro
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type :: scheme_t
    real(dp) :: qc0 = 0.2_dp
  end type
  type, extends(scheme_t) :: kessler_t
    real(dp) :: k1 = 0.5_dp
  end type
  type, extends(scheme_t) :: sb_t
    real(dp) :: a = 0.3_dp, b = 1.5_dp
  end type
contains
  real(dp) function autoconv(k, q) result(r)
    real(dp), intent(in) :: k, q
    r = k*max(q, 0.0_dp)**2
  end function

  subroutine tendency(s, n, qc, qr)
    class(scheme_t), intent(in) :: s
    integer, intent(in) :: n
    real(dp), intent(inout) :: qc(n), qr(n)
    real(dp) :: dq, w(n)
    integer :: i
    select type (s)
    type is (kessler_t)
      do i = 1, n
        if (qc(i) < 1.0e-3_dp) cycle
        if (qc(i) > s%qc0) then
          dq = autoconv(s%k1, qc(i) - s%qc0)
        else
          dq = 0.1_dp*s%k1*qc(i)**2
        end if
        qc(i) = qc(i) - dq
        qr(i) = qr(i) + dq
      end do
    type is (sb_t)
      w = 0
      do i = 1, n
        if (qc(i) > s%qc0) w(i) = s%a*(qc(i) - s%qc0)**s%b
      end do
      qc = qc - w
      do i = 1, n
        qr(i) = qr(i) + w(i)*(1 + qr(i))
      end do
    end select
  end subroutine
end module

module column
  use micro
  implicit none
contains
  subroutine run(n, nsteps, qc, qr, cost)
    integer, intent(in) :: n, nsteps
    real(dp), intent(inout) :: qc(n), qr(n)
    real(dp), intent(out) :: cost
    type(kessler_t) :: k
    type(sb_t) :: sb
    integer :: it
    do it = 1, nsteps
      call tendency(k, n, qc, qr)
      call tendency(sb, n, qc, qr)
    end do
    cost = sum(qr**2) + sum(qc)
  end subroutine
end module
