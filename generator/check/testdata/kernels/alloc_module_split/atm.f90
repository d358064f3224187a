! Atmospheric column state in ALLOCATABLE module variables (t, q, coef),
! allocated by an init routine and updated by a physics step called in a
! time loop, both reversed in split mode.
module atm_state
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  real(wp), allocatable :: t(:), q(:)
  real(wp), allocatable :: coef(:)
  integer :: nlev
contains
  subroutine atm_init(n, t0, q0)
    integer, intent(in) :: n
    real(wp), intent(in) :: t0(n), q0(n)
    integer :: k
    nlev = n
    if (allocated(t)) deallocate(t, q, coef)
    allocate(t(n), q(n), coef(n))
    t = t0
    q = q0
    coef = [(0.1_wp * real(k, wp) / n, k = 1, n)]
  end subroutine atm_init
end module atm_state

module atm_phys
  use atm_state
  implicit none
contains
  subroutine column_step(dt)
    real(wp), intent(in) :: dt
    real(wp), allocatable :: cond(:)
    integer :: k
    allocate(cond(nlev))
    cond = max(q - 0.5_wp * exp(-0.05_wp * t), 0.0_wp)
    q = q - dt * cond
    t = t + dt * 2.5_wp * cond
    do k = 2, nlev
      t(k) = t(k) + coef(k) * (t(k-1) - t(k)) * dt
    end do
    q = q * (1.0_wp - coef * dt) + sin(t) * 0.01_wp
  end subroutine column_step

  subroutine run(n, nt, t0, q0, cost)
    integer, intent(in) :: n, nt
    real(wp), intent(in) :: t0(n), q0(n)
    real(wp), intent(out) :: cost
    integer :: it
    call atm_init(n, t0, q0)
    do it = 1, nt
      call column_step(0.2_wp)
      q(1) = q(1) * 0.9_wp
      t = t * 0.99_wp + 0.001_wp * t**2
    end do
    cost = sum(t * q) + sum(q**2)
  end subroutine run
end module atm_phys
