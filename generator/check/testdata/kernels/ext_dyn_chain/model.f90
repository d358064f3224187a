! A heat model extends a base model. Its INTENT(OUT) `setup` (inherited,
! `class(base_t), intent(out)`) calls the overridden `extra`; `drive`
! dispatches nothing itself but passes its CLASS object on to `advance`,
! which calls the overridden `step`. Every reference passes a
! `type(heat_t)`: all three resolve, and drive's derivatives, passing
! the TYPE(heat_t) object on, go with advance's into base_m_dyn_b (drive_b
! left in base_m_b could not name advance_b: the generated code did not
! compile).
module base_m
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type :: base_t
    integer :: n = 0
    real(dp) :: u(8) = 0
    real(dp) :: kappa = 0.3_dp
  contains
    procedure :: step => base_step
    procedure :: setup => base_setup
    procedure :: extra => base_extra
  end type
contains
  subroutine base_step(self, dt)
    class(base_t), intent(inout) :: self
    real(dp), intent(in) :: dt
    self%u(1:self%n) = self%u(1:self%n) - dt*self%kappa*self%u(1:self%n)
  end subroutine
  subroutine base_extra(self, x)
    class(base_t), intent(inout) :: self
    real(dp), intent(in) :: x(:)
  end subroutine
  subroutine base_setup(self, x, n)
    class(base_t), intent(out) :: self
    integer, intent(in) :: n
    real(dp), intent(in) :: x(n)
    self%n = n
    self%u(1:n) = x
    call self%extra(x)
  end subroutine
  subroutine advance(self, dt, nsub)
    class(base_t), intent(inout) :: self
    real(dp), intent(in) :: dt
    integer, intent(in) :: nsub
    integer :: k
    do k = 1, nsub
      call self%step(dt/nsub)
    end do
  end subroutine
  subroutine drive(self, dt, nsteps, acc)
    class(base_t), intent(inout) :: self
    real(dp), intent(in) :: dt
    integer, intent(in) :: nsteps
    real(dp), intent(inout) :: acc
    integer :: it
    do it = 1, nsteps
      call advance(self, dt, 2)
      acc = acc + sum(self%u(1:self%n)**2)
    end do
  end subroutine
end module base_m

module heat_m
  use base_m
  implicit none
  type, extends(base_t) :: heat_t
    real(dp) :: src(8) = 1.0_dp
    real(dp) :: alpha = 0.5_dp
  contains
    procedure :: step => heat_step
    procedure :: extra => heat_extra
  end type
contains
  subroutine heat_step(self, dt)
    class(heat_t), intent(inout) :: self
    real(dp), intent(in) :: dt
    integer :: i
    real(dp) :: old(8)
    old = self%u
    do i = 2, self%n - 1
      self%u(i) = old(i) + dt*(self%alpha*(old(i-1) - 2*old(i) + old(i+1)) + self%src(i)*sin(old(i)))
    end do
  end subroutine
  subroutine heat_extra(self, x)
    class(heat_t), intent(inout) :: self
    real(dp), intent(in) :: x(:)
    self%src(1:size(x)) = 0.2_dp*x**2
    self%alpha = 0.4_dp + 0.1_dp*x(2)
  end subroutine
end module heat_m

module driver
  use base_m
  use heat_m
  implicit none
contains
  subroutine run(x, n, nsteps, cost)
    integer, intent(in) :: n, nsteps
    real(dp), intent(in) :: x(n)
    real(dp), intent(out) :: cost
    type(heat_t) :: h
    h%alpha = x(1)
    h%src = 3
    call h%setup(x, n)
    cost = 0
    call drive(h, 0.1_dp, nsteps, cost)
    cost = cost + h%alpha*sum(h%src)
  end subroutine
end module driver
