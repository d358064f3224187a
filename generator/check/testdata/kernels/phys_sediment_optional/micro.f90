module micro_params
  implicit none
  integer, parameter :: r8 = selected_real_kind(12)
  type micro_tune
    real(r8) :: vfac = 1.0_r8
    real(r8) :: auto_rate = 1.0e-3_r8
    real(r8) :: qcrit = 5.0e-4_r8
  end type micro_tune
end module micro_params

module micro
  use micro_params
  implicit none
  real(r8), parameter :: grav = 9.81_r8, rhow = 1000.0_r8
contains
  elemental real(r8) function fallspeed(q, rho, vfac) result(v)
    real(r8), intent(in) :: q, rho
    real(r8), intent(in), optional :: vfac
    real(r8) :: f
    f = 1.0_r8
    if (present(vfac)) f = vfac
    v = f*36.34_r8*(max(q*rho, 1.0e-12_r8))**0.1346_r8*sqrt(1.2_r8/rho)
  end function fallspeed

  subroutine sediment(ncol, nlev, dt, dz, rho, q, vfac, prec, flux)
    integer, intent(in) :: ncol, nlev
    real(r8), intent(in) :: dt, dz(:, :), rho(:, :)
    real(r8), intent(inout) :: q(:, :)
    real(r8), intent(in) :: vfac
    real(r8), intent(out) :: prec(:)
    real(r8), intent(out), optional :: flux(:, :)
    real(r8) :: v(size(q, 1), size(q, 2)), fl(size(q, 1), 0:size(q, 2)), dtsub, cfl
    integer :: i, k, n, nsub
    prec = 0.0_r8
    if (present(flux)) flux = 0.0_r8
    do i = 1, ncol
      v(i, :) = fallspeed(q(i, :), rho(i, :), vfac)
      cfl = maxval(v(i, :)*dt/dz(i, :))
      nsub = int(cfl) + 1
      dtsub = dt/nsub
      do n = 1, nsub
        fl(i, 0) = 0.0_r8
        do k = 1, nlev
          fl(i, k) = rho(i, k)*q(i, k)*v(i, k)
        end do
        do k = 1, nlev
          q(i, k) = q(i, k) + dtsub*(fl(i, k-1) - fl(i, k))/(rho(i, k)*dz(i, k))
        end do
        prec(i) = prec(i) + fl(i, nlev)*dtsub/rhow
        if (present(flux)) flux(i, :) = flux(i, :) + fl(i, 1:nlev)/nsub
      end do
    end do
  end subroutine sediment

  subroutine micro_tend(kidia, kfdia, klon, klev, dt, tune, pdz, prho, pqc, pqr, ptend_qc, ptend_qr, pcost)
    integer, intent(in) :: kidia, kfdia, klon, klev
    real(r8), intent(in) :: dt
    type(micro_tune), intent(in) :: tune
    real(r8), intent(in) :: pdz(klon, klev), prho(klon, klev)
    real(r8), intent(in) :: pqc(klon, klev), pqr(klon, klev)
    real(r8), intent(out) :: ptend_qc(klon, klev), ptend_qr(klon, klev)
    real(r8), intent(out) :: pcost
    real(r8) :: zqc(klon, klev), zqr(klon, klev), zauto(klon, klev), zprec(klon), zflx(klon, klev)
    logical :: llcld(klon, klev)
    integer :: jl, jk
    zqc = pqc
    zqr = pqr
    llcld = zqc > 1.0e-8_r8
    where (llcld)
      zauto = tune%auto_rate*max(0.0_r8, zqc - tune%qcrit)**2/(zqc + 1.0e-6_r8)
    elsewhere
      zauto = 0.0_r8
    end where
    zauto = min(zauto, zqc/dt)
    zqc = zqc - dt*zauto
    zqr = zqr + dt*zauto
    call sediment(kfdia - kidia + 1, klev, dt, pdz(kidia:kfdia, :), prho(kidia:kfdia, :), &
                  zqr(kidia:kfdia, :), tune%vfac, zprec(kidia:kfdia), zflx(kidia:kfdia, :))
    ptend_qc = 0.0_r8
    ptend_qr = 0.0_r8
    do jk = 1, klev
      do jl = kidia, kfdia
        ptend_qc(jl, jk) = (zqc(jl, jk) - pqc(jl, jk))/dt
        ptend_qr(jl, jk) = (zqr(jl, jk) - pqr(jl, jk))/dt
      end do
    end do
    pcost = sum(zprec(kidia:kfdia))*1.0e3_r8 + sum(zflx(kidia:kfdia, :))*10.0_r8 &
            + count(llcld(kidia:kfdia, :))*0.0_r8
  end subroutine micro_tend
end module micro

subroutine setup_micro(kidia, kfdia, klon, klev, dt, tune, pdz, prho, pqc, pqr, ptend_qc, ptend_qr, pcost)
  use micro_params
  implicit none
  integer, intent(in) :: kidia, kfdia, klon, klev
  real(r8) :: dt, pdz(klon, klev), prho(klon, klev), pqc(klon, klev), pqr(klon, klev)
  real(r8) :: ptend_qc(klon, klev), ptend_qr(klon, klev), pcost
  type(micro_tune) :: tune
  integer :: jk
  dt = 60.0_r8
  do jk = 1, klev
    pdz(:, jk) = 200.0_r8 + 10.0_r8*jk
    prho(:, jk) = 1.2_r8 - 0.05_r8*jk
  end do
  pqc = 1.0e-3_r8*pqc
  pqr = 2.0e-3_r8*pqr
  tune = micro_tune()
  tune%vfac = 0.9_r8
end subroutine setup_micro
