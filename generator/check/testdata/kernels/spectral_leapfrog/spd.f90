! A spectral vorticity model in the style of SPEEDY: parameter matrices of
! transforms (RESHAPE), pure functions returning arrays through MATMUL,
! a state type with an ALLOCATABLE array of three time levels, leapfrog
! steps with a Robert filter on rotating time-level indices.
module spd_params
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  integer, parameter :: nm = 3
  real(wp), parameter :: leg(nm, nm) = reshape([1.0_wp, 0.2_wp, 0.0_wp, &
                                                0.1_wp, 1.0_wp, 0.3_wp, &
                                                0.0_wp, 0.2_wp, 1.0_wp], [nm, nm])
  real(wp), parameter :: rob = 0.05_wp
end module spd_params

module spd_dyn
  use spd_params
  implicit none
  private
  public :: state_t, integrate

  type :: state_t
    real(wp), allocatable :: vor(:, :)   ! (nm, 3 time levels)
    real(wp) :: visc = 0.01_wp
  end type state_t

contains

  pure function to_grid(spec) result(grid)
    real(wp), intent(in) :: spec(nm)
    real(wp) :: grid(nm)
    grid = matmul(leg, spec)
  end function to_grid

  pure function to_spec(grid) result(spec)
    real(wp), intent(in) :: grid(nm)
    real(wp) :: spec(nm)
    spec = matmul(transpose(leg), grid)
  end function to_spec

  function tendency(s, j) result(t)
    type(state_t), intent(in) :: s
    integer, intent(in) :: j
    real(wp) :: t(nm)
    real(wp) :: g(nm)
    g = to_grid(s%vor(:, j))
    t = to_spec(-g * abs(g)) - s%visc * s%vor(:, j)
  end function tendency

  subroutine integrate(nt, vor0, visc, energy)
    integer, intent(in) :: nt
    real(wp), intent(in) :: vor0(nm), visc
    real(wp), intent(out) :: energy
    type(state_t) :: s
    integer :: it, jold, jnow, jnew, jtmp
    real(wp), parameter :: dt = 0.1_wp
    allocate(s%vor(nm, 3))
    s%visc = visc
    s%vor(:, 1) = vor0
    s%vor(:, 2) = vor0 + dt * tendency(s, 1)
    jold = 1; jnow = 2; jnew = 3
    do it = 1, nt
      s%vor(:, jnew) = s%vor(:, jold) + 2.0_wp * dt * tendency(s, jnow)
      s%vor(:, jnow) = s%vor(:, jnow) + rob * (s%vor(:, jold) - 2.0_wp * s%vor(:, jnow) + s%vor(:, jnew))
      jtmp = jold; jold = jnow; jnow = jnew; jnew = jtmp
    end do
    energy = 0.5_wp * sum(s%vor(:, jnow)**2)
  end subroutine integrate
end module spd_dyn
