! Two-stream radiation in the style of ecRad: a solver flag and a scale
! set in a config module by an init routine with an optional argument, a
! flux type with ALLOCATABLE profiles filled by an intent(out) dummy in a
! loop over columns (gathered through a permutation index array), a
! generic column sum over ranks, SELECT CASE on the module flag.
module rad_config
  implicit none
  private
  integer, parameter, public :: jprb = selected_real_kind(13, 300)
  integer, public :: i_solver = 0
  real(jprb), public :: ssa_scale = 1.0_jprb
  public :: config_init
contains
  subroutine config_init(solver, scale)
    integer, intent(in) :: solver
    real(jprb), intent(in), optional :: scale
    i_solver = solver
    if (present(scale)) ssa_scale = scale
  end subroutine config_init
end module rad_config

module rad_flux
  use rad_config
  implicit none
  private
  public :: flux_t, radiation, column_sum

  type :: flux_t
    real(jprb), allocatable :: up(:), dn(:)
    real(jprb) :: toa = 0.0_jprb
  end type flux_t

  interface column_sum
    module procedure column_sum_1d, column_sum_2d
  end interface column_sum

contains

  pure function column_sum_1d(x) result(s)
    real(jprb), intent(in) :: x(:)
    real(jprb) :: s
    s = sum(x)
  end function column_sum_1d

  pure function column_sum_2d(x) result(s)
    real(jprb), intent(in) :: x(:,:)
    real(jprb) :: s(size(x, 2))
    s = sum(x, dim=1)
  end function column_sum_2d

  subroutine two_stream(nlev, od, ssa, flux)
    integer, intent(in) :: nlev
    real(jprb), intent(in) :: od(nlev), ssa(nlev)
    type(flux_t), intent(out) :: flux
    real(jprb) :: trans(nlev), refl(nlev)
    integer :: k
    allocate(flux%up(nlev+1), flux%dn(nlev+1))
    select case (i_solver)
    case (1)
      trans = exp(-od)
      refl = 0.5_jprb * ssa * ssa_scale * (1.0_jprb - trans)
    case default
      trans = 1.0_jprb / (1.0_jprb + od)
      refl = 0.3_jprb * ssa * ssa_scale * od * trans
    end select
    flux%dn(1) = 1.0_jprb
    do k = 1, nlev
      flux%dn(k+1) = flux%dn(k) * trans(k)
    end do
    flux%up(nlev+1) = 0.1_jprb * flux%dn(nlev+1)
    do k = nlev, 1, -1
      flux%up(k) = flux%up(k+1) * trans(k) + refl(k) * flux%dn(k)
    end do
    flux%toa = flux%up(1)
  end subroutine two_stream

  subroutine radiation(ncol, nlev, od, ssa, idx, heating, toa_total)
    integer, intent(in) :: ncol, nlev
    real(jprb), intent(in) :: od(nlev, ncol), ssa(nlev, ncol)
    integer, intent(in) :: idx(ncol)
    real(jprb), intent(out) :: heating(nlev, ncol), toa_total
    type(flux_t) :: fl
    real(jprb) :: toa(ncol)
    integer, allocatable :: perm(:)
    integer :: jc
    call config_init(1, scale=0.9_jprb)
    allocate(perm(ncol))
    perm = idx
    do jc = 1, ncol
      call two_stream(nlev, od(:, perm(jc)), ssa(:, jc), fl)
      heating(:, jc) = (fl%dn(1:nlev) - fl%dn(2:nlev+1)) - (fl%up(1:nlev) - fl%up(2:nlev+1))
      toa(jc) = fl%toa
    end do
    toa_total = column_sum(toa) + sum(column_sum(heating))
  end subroutine radiation
end module rad_flux
