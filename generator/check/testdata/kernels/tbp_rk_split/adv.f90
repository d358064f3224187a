! A 2-D advection-diffusion model as a type with type-bound init, advance
! and tendency (a function returning an array), in modules PRIVATE by
! default: a Runge-Kutta loop updates a stage array through a local
! pointer initialised to null() (so saved) associated with a section of
! an ALLOCATABLE TARGET allocated with source=, parameter arrays of
! coefficients, an optional argument, ASSOCIATE, DO CONCURRENT.
module adv_params
  implicit none
  private
  integer, parameter, public :: dp = selected_real_kind(12)
  real(dp), parameter, public :: rk_a(3) = [0.0_dp, 0.75_dp, 1.0_dp/3.0_dp]
  real(dp), parameter, public :: rk_b(3) = [1.0_dp, 0.25_dp, 2.0_dp/3.0_dp]
  type, public :: params_t
    real(dp) :: kappa = 0.01_dp
    real(dp) :: cx = 0.3_dp, cy = -0.2_dp
    logical :: upwind = .true.
  end type params_t
end module adv_params

module adv_model
  use adv_params
  implicit none
  private
  public :: model_t, run

  type :: model_t
    integer :: nx = 0, ny = 0
    real(dp) :: dx = 1.0_dp
    type(params_t) :: p
    real(dp), allocatable :: q(:,:)
    real(dp), allocatable :: src(:,:)
  contains
    procedure :: init
    procedure :: advance
    procedure :: tendency
  end type model_t

contains

  subroutine init(self, nx, ny, q0, kappa)
    class(model_t), intent(inout) :: self
    integer, intent(in) :: nx, ny
    real(dp), intent(in) :: q0(nx, ny)
    real(dp), intent(in), optional :: kappa
    self%nx = nx
    self%ny = ny
    self%dx = 1.0_dp / nx
    if (present(kappa)) self%p%kappa = kappa
    allocate(self%q(0:nx+1, 0:ny+1), self%src(nx, ny))
    self%q = 0.0_dp
    self%q(1:nx, 1:ny) = q0
    self%src = 0.0_dp
  end subroutine init

  function tendency(self, q) result(tend)
    class(model_t), intent(in) :: self
    real(dp), intent(in) :: q(0:, 0:)
    real(dp) :: tend(self%nx, self%ny)
    integer :: i, j
    associate(nx => self%nx, ny => self%ny, k => self%p%kappa, dx => self%dx)
      do concurrent (i = 1:nx, j = 1:ny)
        tend(i, j) = k * (q(i+1, j) + q(i-1, j) + q(i, j+1) + q(i, j-1) - 4.0_dp * q(i, j)) / dx**2 &
                   - self%p%cx * (q(i, j) - q(i-1, j)) / dx - self%p%cy * (q(i, j+1) - q(i, j)) / dx
      end do
    end associate
    tend = tend + self%src
  end function tendency

  subroutine halo(q)
    real(dp), intent(inout) :: q(0:, 0:)
    integer :: nx, ny
    nx = size(q, 1) - 2
    ny = size(q, 2) - 2
    q(0, :) = q(nx, :)
    q(nx+1, :) = q(1, :)
    q(:, 0) = q(:, ny)
    q(:, ny+1) = q(:, 1)
  end subroutine halo

  subroutine advance(self, dt)
    class(model_t), intent(inout) :: self
    real(dp), intent(in) :: dt
    real(dp), allocatable, target :: q1(:,:)
    real(dp), pointer :: cur(:,:) => null()
    integer :: s
    allocate(q1, source=self%q)
    do s = 1, 3
      call halo(q1)
      cur => q1(1:self%nx, 1:self%ny)
      cur = rk_a(s) * self%q(1:self%nx, 1:self%ny) + rk_b(s) * (cur + dt * self%tendency(q1))
    end do
    self%q = q1
    nullify(cur)
  end subroutine advance

  subroutine run(nx, ny, nt, q0, kappa, cost)
    integer, intent(in) :: nx, ny, nt
    real(dp), intent(in) :: q0(nx, ny), kappa
    real(dp), intent(out) :: cost
    type(model_t) :: m
    integer :: it
    call m%init(nx, ny, q0, kappa=kappa)
    m%src(2, 2) = 0.1_dp
    do it = 1, nt
      call m%advance(0.002_dp)
    end do
    cost = sum(m%q(1:nx, 1:ny)**2)
  end subroutine run
end module adv_model
