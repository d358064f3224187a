! Sea-ice thickness categories in the style of Icepack: columns as an
! ALLOCATABLE array of a derived type with default initialization, a pure
! array function of a column calling an elemental safe division (MERGE),
! WHERE/ELSEWHERE on components, an intent(out) diagnostics type, a
! parameter array of category bounds, an optional output.
module ice_kinds
  implicit none
  integer, parameter :: dbl = kind(1.0d0)
  real(dbl), parameter :: c0 = 0.0_dbl, c1 = 1.0_dbl, puny = 1.0e-11_dbl
end module ice_kinds

module ice_column
  use ice_kinds
  implicit none
  private
  public :: column_t, thermo_out_t, ice_run

  integer, parameter :: ncat = 3
  real(dbl), parameter :: hin_max(0:ncat) = [0.0_dbl, 0.6_dbl, 1.4_dbl, 5.0_dbl]

  type :: column_t
    real(dbl) :: aicen(ncat) = 0.0_dbl
    real(dbl) :: vicen(ncat) = 0.0_dbl
    real(dbl) :: tsfc = -2.0_dbl
  end type column_t

  type :: thermo_out_t
    real(dbl) :: melt = 0.0_dbl
    real(dbl) :: growth = 0.0_dbl
  end type thermo_out_t

contains

  elemental function safe_div(a, b) result(c)
    real(dbl), intent(in) :: a, b
    real(dbl) :: c
    c = merge(a / max(b, puny), c0, b > puny)
  end function safe_div

  pure function cat_thick(col) result(h)
    type(column_t), intent(in) :: col
    real(dbl) :: h(ncat)
    h = safe_div(col%vicen, col%aicen)
  end function cat_thick

  subroutine thermo(col, fsw, flw, dt, diag)
    type(column_t), intent(inout) :: col
    real(dbl), intent(in) :: fsw, flw, dt
    type(thermo_out_t), intent(out) :: diag
    real(dbl) :: h(ncat), dh(ncat)
    integer :: n
    h = cat_thick(col)
    dh = dt * (flw - fsw * (c1 - 0.5_dbl * exp(-h))) / (c1 + h)
    where (col%aicen > puny)
      col%vicen = max(col%vicen + col%aicen * dh, c0)
    elsewhere
      col%vicen = c0
    end where
    diag%growth = sum(max(col%aicen * dh, c0))
    diag%melt = -sum(min(col%aicen * dh, c0))
    col%tsfc = col%tsfc + dt * (flw - fsw) * 0.1_dbl
    do n = 1, ncat
      if (col%vicen(n) < puny) col%aicen(n) = c0
    end do
  end subroutine thermo

  subroutine rebin(col)
    type(column_t), intent(inout) :: col
    real(dbl) :: h(ncat), frac
    integer :: n
    h = cat_thick(col)
    do n = 1, ncat - 1
      if (h(n) > hin_max(n)) then
        frac = min((h(n) - hin_max(n)) / h(n), 0.5_dbl)
        col%aicen(n+1) = col%aicen(n+1) + frac * col%aicen(n)
        col%vicen(n+1) = col%vicen(n+1) + frac * col%vicen(n)
        col%aicen(n) = (c1 - frac) * col%aicen(n)
        col%vicen(n) = (c1 - frac) * col%vicen(n)
      end if
    end do
  end subroutine rebin

  subroutine ice_run(ncol, nt, a0, v0, fsw, flw, cost, melt_total)
    integer, intent(in) :: ncol, nt
    real(dbl), intent(in) :: a0(ncat, ncol), v0(ncat, ncol), fsw(ncol), flw
    real(dbl), intent(out) :: cost
    real(dbl), intent(out), optional :: melt_total
    type(column_t), allocatable :: cols(:)
    type(thermo_out_t) :: d
    integer :: it, i
    real(dbl) :: mt
    allocate(cols(ncol))
    do i = 1, ncol
      cols(i)%aicen = a0(:, i)
      cols(i)%vicen = v0(:, i)
    end do
    mt = c0
    do it = 1, nt
      do i = 1, ncol
        call thermo(cols(i), fsw(i), flw, 0.05_dbl, d)
        call rebin(cols(i))
        mt = mt + d%melt
      end do
    end do
    cost = c0
    do i = 1, ncol
      cost = cost + sum(cols(i)%vicen**2) + 0.1_dbl * cols(i)%tsfc**2
    end do
    if (present(melt_total)) melt_total = mt
  end subroutine ice_run
end module ice_column
