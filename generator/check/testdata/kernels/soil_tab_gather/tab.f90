module soil_tab
  implicit none
  integer, parameter :: r8 = kind(1.d0)
  integer, parameter :: nsoil = 3, nveg = 2
  type soilp
    real(r8) :: ksat
    real(r8) :: bexp
    real(r8) :: smcmax
    real(r8) :: wilt(2)
  end type soilp
  real(r8) :: ksat_tab(nsoil), bexp_tab(nsoil), smcmax_tab(nsoil)
  real(r8) :: rsmin(nveg) = (/ 100.0_r8, 40.0_r8 /)
end module soil_tab

module column_mod
  use soil_tab
  implicit none
contains
  subroutine run_cols(ncol, nt, isoil, iveg, sm0, pr, pet, qobs, sse)
    integer, intent(in) :: ncol, nt
    integer, intent(in) :: isoil(ncol), iveg(ncol)
    real(r8), intent(in) :: sm0(ncol), pr(ncol, nt), pet(nt), qobs(nt)
    real(r8), intent(out) :: sse
    real(r8) :: sm(ncol), wp(ncol), ks(ncol), bb(ncol), smx(ncol), q(ncol), et(ncol), rs(ncol)
    integer :: it, ist(ncol), ivt(ncol), i
    type(soilp) :: params(nsoil)
    params(:)%ksat = ksat_tab
    params(:)%bexp = bexp_tab
    params(:)%smcmax = smcmax_tab
    params(:)%wilt(1) = 0.3_r8 * smcmax_tab
    params(:)%wilt(2) = 0.1_r8 * smcmax_tab
    ist = 1 + mod(abs(isoil) + [(i, i = 1, ncol)], nsoil)
    ivt = 1 + mod([(i, i = 1, ncol)], nveg)
    ks = params(ist)%ksat
    bb = params(ist)%bexp
    smx = params(ist)%smcmax
    rs = rsmin(ivt)
    wp = params(ist)%wilt(2)
    sm = sm0
    sse = 0.0_r8
    do it = 1, nt
      sm = sm + pr(:, it)
      where (sm > smx)
        q = sm - smx + ks * smx
        sm = smx
      elsewhere
        q = ks * (sm / smx)**(2.0_r8*bb + 3.0_r8)
      end where
      sm = sm - q + ks * smx * 0.0_r8
      et = pet(it) * min(1.0_r8, (sm - wp) / (0.75_r8 * smx - wp)) * 100.0_r8 / rs
      sm = sm - et
      sse = sse + (sum(q) - qobs(it))**2
    end do
  end subroutine run_cols
end module column_mod
