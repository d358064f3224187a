! An observation clock: the IF condition obs_due(kob, t) advances the
! cursor kob (INTENT(INOUT)) past the observations due; the branch's
! adjoint reads u(iobs(kob - 1)). kob was neither recorded before the IF
! (the adjoint read its last value: wrong gradient) nor in the binomial
! snapshots; now it is both.
module obs_clock
  implicit none
  real(8) :: tobs(30), yobs(30)
  integer :: iobs(30), nobs
contains
  ! is an observation due at time t? advances the cursor kob past it
  logical function obs_due(kob, t)
    integer, intent(inout) :: kob
    real(8), intent(in) :: t
    obs_due = .false.
    if (kob > nobs) return
    if (tobs(kob) <= t + 1.0d-9) then
      obs_due = .true.
      kob = kob + 1
    end if
  end function obs_due
end module obs_clock

subroutine jdue(n, nt, dt, c, u0, j)
  use obs_clock
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(in) :: dt, c, u0(n)
  real(8), intent(out) :: j
  real(8) :: u(n), un(n), t
  integer :: it, kob, i
  u = u0
  j = 0
  kob = 1
  t = 0
  do it = 1, nt
    un = u
    do i = 2, n
      u(i) = un(i) - c * dt * (un(i) - un(i - 1)) - dt * un(i)**2
    end do
    t = t + dt
    if (obs_due(kob, t)) then
      j = j + 0.5d0 * (u(iobs(kob - 1)) - yobs(kob - 1))**2
    end if
  end do
end subroutine jdue

subroutine jdue_setup(n, nt, dt, c, u0, j)
  use obs_clock
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: dt, c, u0(n), j
  integer :: k
  nobs = 6
  do k = 1, nobs
    tobs(k) = 0.15d0 * k
    yobs(k) = 0.2d0
    iobs(k) = 1 + mod(4 * k, n)
  end do
end subroutine jdue_setup
