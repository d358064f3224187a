module ocean_tracer
  ! MOM5-style code, written with default REAL and compiled with -r8.
  implicit none
  type tracer_type
    real, allocatable :: field(:, :)   ! (n, 3 time levels)
    real :: diff
  end type tracer_type
  integer :: taum1 = 1, tau = 2, taup1 = 3
contains
  real function limiter(a, b)
    real, intent(in) :: a, b
    limiter = max(0.0, min(1.0, a/(abs(b) + 1.0e-12)))*b
  end function limiter

  subroutine tracer_step(n, t, u, dt)
    integer, intent(in) :: n
    type(tracer_type), intent(inout) :: t
    real, intent(in) :: u(n), dt
    real :: flux(0:n)
    integer :: i, tmp
    flux(0) = 0.0
    flux(n) = 0.0
    do i = 1, n - 1
      flux(i) = u(i)*0.5*(t%field(i, tau) + t%field(i+1, tau)) &
                - t%diff*(t%field(i+1, taum1) - t%field(i, taum1)) &
                + limiter(t%field(i+1, tau) - t%field(i, tau), t%field(i, tau) - t%field(max(i-1, 1), tau))
    end do
    do i = 1, n
      t%field(i, taup1) = t%field(i, taum1) - 2.0*dt*(flux(i) - flux(i-1))
    end do
    ! Robert-Asselin filter, then rotate the time levels
    t%field(:, tau) = t%field(:, tau) + 0.05*(t%field(:, taum1) - 2.0*t%field(:, tau) + t%field(:, taup1))
    tmp = taum1
    taum1 = tau
    tau = taup1
    taup1 = tmp
  end subroutine tracer_step

  subroutine run(n, t0, u, kappa, cost)
    integer, intent(in) :: n
    real, intent(in) :: t0(n), u(n), kappa
    real, intent(out) :: cost
    type(tracer_type) :: t
    integer :: k
    allocate(t%field(n, 3))
    t%field(:, 1) = t0
    t%field(:, 2) = t0
    t%field(:, 3) = 0.0
    t%diff = kappa
    taum1 = 1; tau = 2; taup1 = 3
    do k = 1, 6
      call tracer_step(n, t, u, 0.01)
    end do
    cost = sum(t%field(:, tau)**2) / n
  end subroutine run
end module ocean_tracer
