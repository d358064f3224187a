module parkind1
  implicit none
  integer, parameter :: jpim = selected_int_kind(9)
  integer, parameter :: jprb = selected_real_kind(13, 300)
  integer, parameter :: jprm = selected_real_kind(6, 37)
end module parkind1

module yoecldp
  use parkind1, only: jprb, jpim
  implicit none
  type tecldp
    real(kind=jprb) :: rcldiff
    real(kind=jprb) :: rlcritsnow
    real(kind=jprb) :: rvice
    real(kind=jprb) :: ramin
    integer(kind=jpim) :: nssopt
  end type tecldp
end module yoecldp

module yomcst
  use parkind1, only: jprb
  implicit none
  real(kind=jprb), parameter :: rg = 9.80665_jprb
  real(kind=jprb), parameter :: rtt = 273.16_jprb
  real(kind=jprb), parameter :: rlvtt = 2.5008e6_jprb
  real(kind=jprb), parameter :: rcpd = 1004.7_jprb
  real(kind=jprb), parameter :: r2es = 611.21_jprb*0.622_jprb
  real(kind=jprb), parameter :: r3les = 17.502_jprb, r4les = 32.19_jprb
end module yomcst

module cloudsc_mod
  use parkind1, only: jprb, jpim, jprm
  use yoecldp, only: tecldp
  use yomcst
  implicit none
contains
  subroutine cloudsc(kidia, kfdia, klon, klev, ptsphy, pt, pq, pap, paph, yrecldp, &
                     tendt, tendq, pfplsl, pcost, pdiag)
    integer(kind=jpim), intent(in) :: kidia, kfdia, klon, klev
    real(kind=jprb), intent(in) :: ptsphy
    real(kind=jprb), intent(in) :: pt(klon, klev), pq(klon, klev), pap(klon, klev)
    real(kind=jprb), intent(in) :: paph(klon, klev+1)
    type(tecldp), intent(in) :: yrecldp
    real(kind=jprb), intent(out) :: tendt(klon, klev), tendq(klon, klev)
    real(kind=jprb), intent(out) :: pfplsl(klon, klev+1)
    real(kind=jprb), intent(out) :: pcost
    real(kind=jprb), intent(out), optional :: pdiag(klon)

    real(kind=jprb) :: zqsat(klon, klev), zliq(klon, klev), zdp(klon)
    real(kind=jprb) :: zsed(klon), zflx(klon), zcond, zevap, zfac, zqe
    real(kind=jprm) :: zrat4
    logical :: llcond(klon)
    integer(kind=jpim) :: jk, jl
    real(kind=jprb), parameter :: zepsec = 1.0e-14_jprb
    ! statement function (CLOUDSC fcttre style)
    real(kind=jprb) :: foeewm, ptare
    foeewm(ptare) = r2es*exp(r3les*(ptare-rtt)/(ptare-r4les))

    do jk = 1, klev
      do jl = kidia, kfdia
        zqsat(jl, jk) = min(0.5_jprb, foeewm(pt(jl, jk))/pap(jl, jk))
        zqsat(jl, jk) = zqsat(jl, jk)/(1.0_jprb - 0.608_jprb*zqsat(jl, jk))
      end do
    end do

    zflx(:) = 0.0_jprb
    pfplsl(:, 1) = 0.0_jprb
    do jk = 1, klev
      do jl = kidia, kfdia
        zdp(jl) = paph(jl, jk+1) - paph(jl, jk)
        llcond(jl) = pq(jl, jk) > zqsat(jl, jk)
      end do
      do jl = kidia, kfdia
        if (llcond(jl)) then
          zcond = (pq(jl, jk) - zqsat(jl, jk))*(1.0_jprb - yrecldp%rcldiff)
          zliq(jl, jk) = max(zepsec, zcond)
        else
          zliq(jl, jk) = 0.0_jprb
          zqe = max(0.0_jprb, zqsat(jl, jk) - pq(jl, jk))
          if (zflx(jl) > zepsec) then
            zevap = min(zqe, yrecldp%rcldiff*sqrt(zflx(jl))*ptsphy)
            zliq(jl, jk) = -zevap
          end if
        end if
        ! upstream sedimentation, implicit
        zfac = ptsphy*rg/zdp(jl)
        zsed(jl) = (zliq(jl, jk) + zfac*zflx(jl))/(1.0_jprb + zfac*yrecldp%rvice)
        zflx(jl) = max(0.0_jprb, zsed(jl)*yrecldp%rvice/ (ptsphy*rg/zdp(jl)))
        pfplsl(jl, jk+1) = zflx(jl)
        tendq(jl, jk) = -zliq(jl, jk)/ptsphy
        tendt(jl, jk) = rlvtt/rcpd*zliq(jl, jk)/ptsphy
        zrat4 = real(zliq(jl, jk)/max(zepsec, pq(jl, jk)), jprm)
        tendt(jl, jk) = tendt(jl, jk)*(1.0_jprb + 0.01_jprb*real(zrat4, jprb))
      end do
    end do

    pcost = 0.0_jprb
    do jk = 1, klev
      do jl = kidia, kfdia
        pcost = pcost + tendt(jl, jk)**2 + sign(1.0_jprb, tendq(jl, jk))*tendq(jl, jk)*1.0e3_jprb
      end do
    end do
    do jl = kidia, kfdia
      pcost = pcost + pfplsl(jl, klev+1)**1.5_jprb
    end do
    if (present(pdiag)) then
      do jl = kidia, kfdia
        pdiag(jl) = sum(zliq(jl, :))
      end do
    end if
  end subroutine cloudsc
end module cloudsc_mod

subroutine setup_cloud(kidia, kfdia, klon, klev, ptsphy, pt, pq, pap, paph, yrecldp, &
                       tendt, tendq, pfplsl, pcost, pdiag)
  use parkind1
  use yoecldp
  implicit none
  integer(kind=jpim), intent(in) :: kidia, kfdia, klon, klev
  real(kind=jprb) :: ptsphy, pt(klon, klev), pq(klon, klev), pap(klon, klev), paph(klon, klev+1)
  type(tecldp) :: yrecldp
  real(kind=jprb) :: tendt(klon, klev), tendq(klon, klev), pfplsl(klon, klev+1), pcost
  real(kind=jprb), optional :: pdiag(klon)
  integer :: jk, jl
  ptsphy = 900.0_jprb
  do jk = 1, klev+1
    do jl = 1, klon
      paph(jl, jk) = 1.0e4_jprb + 9.0e4_jprb*real(jk-1, jprb)/real(klev, jprb) + 100.0_jprb*jl
    end do
  end do
  do jk = 1, klev
    do jl = 1, klon
      pap(jl, jk) = 0.5_jprb*(paph(jl, jk) + paph(jl, jk+1))
      pt(jl, jk) = 220.0_jprb + 70.0_jprb*real(jk, jprb)/real(klev, jprb) + 2.0_jprb*pt(jl, jk)
      pq(jl, jk) = (0.6_jprb + 0.8_jprb*pq(jl, jk))*r2es_(pt(jl, jk))/pap(jl, jk)
    end do
  end do
  yrecldp%rcldiff = 3.0e-1_jprb
  yrecldp%rlcritsnow = 1.0e-5_jprb
  yrecldp%rvice = 0.8_jprb
  yrecldp%ramin = 1.0e-8_jprb
  yrecldp%nssopt = 1
contains
  real(kind=jprb) function r2es_(t)
    real(kind=jprb) :: t
    r2es_ = 611.21_jprb*0.622_jprb*exp(17.502_jprb*(t-273.16_jprb)/(t-32.19_jprb))
  end function
end subroutine setup_cloud
