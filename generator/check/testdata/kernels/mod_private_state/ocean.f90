! A column ocean written as modern models are: the module is PRIVATE by
! default and keeps its state (a derived type of its own, a work array,
! parameters set once by ocean_init) in private module variables; only
! ocean_init, ocean_run and ocean_setup are public. The derivative code
! can only reach that state from inside the module: the spec lists
! ocean.f90 in output.augment.
module ocean
  use eos_mod, only: wp, density
  implicit none
  private

  type :: column_t
    real(wp), allocatable :: t(:)    ! temperature
    real(wp), allocatable :: dz(:)   ! layer thickness
  end type column_t

  type(column_t) :: col
  real(wp), allocatable :: flux(:)   ! work: fluxes between layers
  real(wp) :: kappa, dt
  integer :: nz

  public :: ocean_init, ocean_run, ocean_setup

contains

  subroutine ocean_init(n)
    integer, intent(in) :: n
    integer :: k
    nz = n
    if (allocated(col%t)) deallocate(col%t, col%dz, flux)
    allocate(col%t(n), col%dz(n), flux(0:n))
    do k = 1, n
      col%dz(k) = 10.0_wp + 2.0_wp*k
    end do
    kappa = 1.0e-1_wp
    dt = 0.5_wp
  end subroutine ocean_init

  ! fadj check's setup: the module state for n layers.
  subroutine ocean_setup(n, nt, t0, heat, cost)
    integer, intent(in) :: n, nt
    real(wp), intent(in) :: t0(n), heat
    real(wp), intent(out) :: cost
    call ocean_init(n)
  end subroutine ocean_setup

  ! One diffusion step with surface heating; counts its calls.
  subroutine step(heat)
    real(wp), intent(in) :: heat
    integer, save :: calls = 0
    integer :: k
    calls = calls + 1
    flux(0) = heat
    flux(nz) = 0.0_wp
    do k = 1, nz - 1
      flux(k) = -kappa*(col%t(k) - col%t(k+1))*2.0_wp/(col%dz(k) + col%dz(k+1))
    end do
    do k = 1, nz
      col%t(k) = col%t(k) + dt*(flux(k-1) - flux(k))/col%dz(k)
    end do
  end subroutine step

  subroutine ocean_run(n, nt, t0, heat, cost)
    integer, intent(in) :: n, nt
    real(wp), intent(in) :: t0(n), heat
    real(wp), intent(out) :: cost
    integer :: it
    col%t = t0
    do it = 1, nt
      call step(heat*(1.0_wp + 0.1_wp*sin(0.3_wp*it)))
    end do
    cost = sum(col%dz*(density(col%t) - 1025.0_wp))*1.0e-2_wp
  end subroutine ocean_run
end module ocean
