! The check point of CLOUDSC: three columns (1, 36 and 57) of the
! dwarf's own input state, read from its serialised fields in data/ (raw
! little-endian arrays of 100 columns), and the constants of the dwarf's
! input metadata (data/MetaData-input.json), written out below.
! regress/models sets MODEL_DIR to the copy of the checkout.
module cloudsc_check_data
  use parkind1, only: jprb, jpim
  implicit none
  private
  public :: load_field, load_column_flags
  integer, parameter :: ncol = 100, picks(3) = [1, 36, 57]
contains
  ! load_field reads data/input_NAME.dat, an array (100, nlev[, nsp]),
  ! and keeps the picked columns in a(1:3, :, :).
  subroutine load_field(name, a, nlev, nsp)
    character(*), intent(in) :: name
    integer, intent(in) :: nlev, nsp
    real(jprb), intent(out) :: a(size(picks), nlev, nsp)
    real(jprb), allocatable :: all(:, :, :)
    integer :: u, j
    allocate (all(ncol, nlev, nsp))
    open (newunit=u, file=path(name), access='stream', form='unformatted', status='old', action='read')
    read (u) all
    close (u)
    do j = 1, size(picks)
      a(j, :, :) = all(picks(j), :, :)
    end do
  end subroutine load_field

  ! load_column_flags reads the per-column convection flags.
  subroutine load_column_flags(ldcum, ktype)
    logical, intent(out) :: ldcum(size(picks))
    integer(jpim), intent(out) :: ktype(size(picks))
    integer(1) :: b(ncol)
    integer(4) :: k(ncol)
    integer :: u
    open (newunit=u, file=path('LDCUM'), access='stream', form='unformatted', status='old', action='read')
    read (u) b
    close (u)
    open (newunit=u, file=path('KTYPE'), access='stream', form='unformatted', status='old', action='read')
    read (u) k
    close (u)
    ldcum = b(picks) /= 0
    ktype = k(picks)
  end subroutine load_column_flags

  function path(name)
    character(*), intent(in) :: name
    character(:), allocatable :: path
    character(4096) :: root
    integer :: n, stat
    call get_environment_variable('MODEL_DIR', root, n, stat)
    if (stat /= 0) error stop 'cloudsc setup: MODEL_DIR is not set (regress/models sets it)'
    path = root(1:n)//'/data/input_'//name//'.dat'
  end function path
end module cloudsc_check_data

subroutine setup_cloudsc(kidia, kfdia, klon, klev, ptsphy, pt, pq, &
    ptendency_tmp_t, ptendency_tmp_q, ptendency_tmp_a, ptendency_tmp_cld, &
    ptendency_loc_t, ptendency_loc_q, ptendency_loc_a, ptendency_loc_cld, &
    pvfa, pvfl, pvfi, pdyna, pdynl, pdyni, phrsw, phrlw, pvervel, pap, paph, &
    plsm, ldcum, ktype, plu, plude, psnde, pmfu, pmfd, pa, pclv, psupsat, &
    plcrit_aer, picrit_aer, pre_ice, pccn, pnice, pcovptot, prainfrac_toprfz, &
    pfsqlf, pfsqif, pfcqnng, pfcqlng, pfsqrf, pfsqsf, pfcqrng, pfcqsng, &
    pfsqltur, pfsqitur, pfplsl, pfplsn, pfhpsl, pfhpsn, kfldx, ydcst, ydthf, ydecldp)
  use parkind1, only: jprb, jpim
  use yomcst, only: tomcst
  use yoethf, only: toethf
  use yoecldp, only: tecldp, nclv
  use cloudsc_check_data, only: load_field, load_column_flags
  implicit none
  integer(jpim), intent(in) :: kidia, kfdia, klon, klev, kfldx
  real(jprb), intent(inout) :: ptsphy
  real(jprb), intent(inout), dimension(klon, klev) :: pt, pq, ptendency_tmp_t, &
    ptendency_tmp_q, ptendency_tmp_a, ptendency_loc_t, ptendency_loc_q, &
    ptendency_loc_a, pvfa, pvfl, pvfi, pdyna, pdynl, pdyni, phrsw, phrlw, &
    pvervel, pap, plu, plude, psnde, pmfu, pmfd, pa, psupsat, plcrit_aer, &
    picrit_aer, pre_ice, pccn, pnice, pcovptot
  real(jprb), intent(inout), dimension(klon, klev, nclv) :: ptendency_tmp_cld, &
    ptendency_loc_cld, pclv
  real(jprb), intent(inout), dimension(klon, klev+1) :: paph, pfsqlf, pfsqif, &
    pfcqnng, pfcqlng, pfsqrf, pfsqsf, pfcqrng, pfcqsng, pfsqltur, pfsqitur, &
    pfplsl, pfplsn, pfhpsl, pfhpsn
  real(jprb), intent(inout) :: plsm(klon), prainfrac_toprfz(klon)
  logical, intent(inout) :: ldcum(klon)
  integer(jpim), intent(inout) :: ktype(klon)
  type(tomcst), intent(inout) :: ydcst
  type(toethf), intent(inout) :: ydthf
  type(tecldp), intent(inout) :: ydecldp
  real(jprb) :: lsm(klon, 1, 1)

  if (klon /= 3 .or. klev /= 137 .or. kidia /= 1 .or. kfdia /= 3) &
    error stop 'cloudsc setup: the spec must set klon = kfdia = 3, kidia = 1, klev = 137'
  ptsphy = 3600.0_jprb
  call load_field('PT', pt, klev, 1)
  call load_field('PQ', pq, klev, 1)
  call load_field('TENDENCY_TMP_T', ptendency_tmp_t, klev, 1)
  call load_field('TENDENCY_TMP_Q', ptendency_tmp_q, klev, 1)
  call load_field('TENDENCY_TMP_A', ptendency_tmp_a, klev, 1)
  call load_field('TENDENCY_TMP_CLD', ptendency_tmp_cld, klev, nclv)
  call load_field('PVFA', pvfa, klev, 1)
  call load_field('PVFL', pvfl, klev, 1)
  call load_field('PVFI', pvfi, klev, 1)
  call load_field('PDYNA', pdyna, klev, 1)
  call load_field('PDYNL', pdynl, klev, 1)
  call load_field('PDYNI', pdyni, klev, 1)
  call load_field('PHRSW', phrsw, klev, 1)
  call load_field('PHRLW', phrlw, klev, 1)
  call load_field('PVERVEL', pvervel, klev, 1)
  call load_field('PAP', pap, klev, 1)
  call load_field('PAPH', paph, klev + 1, 1)
  call load_field('PLSM', lsm, 1, 1)
  plsm = lsm(:, 1, 1)
  call load_column_flags(ldcum, ktype)
  call load_field('PLU', plu, klev, 1)
  call load_field('PLUDE', plude, klev, 1)
  call load_field('PSNDE', psnde, klev, 1)
  call load_field('PMFU', pmfu, klev, 1)
  call load_field('PMFD', pmfd, klev, 1)
  call load_field('PA', pa, klev, 1)
  call load_field('PCLV', pclv, klev, nclv)
  call load_field('PSUPSAT', psupsat, klev, 1)
  call load_field('PLCRIT_AER', plcrit_aer, klev, 1)
  call load_field('PICRIT_AER', picrit_aer, klev, 1)
  call load_field('PRE_ICE', pre_ice, klev, 1)
  call load_field('PCCN', pccn, klev, 1)
  call load_field('PNICE', pnice, klev, 1)
  ptendency_loc_t = 0
  ptendency_loc_q = 0
  ptendency_loc_a = 0
  ptendency_loc_cld = 0

  ! The constants of data/MetaData-input.json.
  ydthf%r2es = 380.1608703442847_jprb
  ydthf%r3ies = 22.587_jprb
  ydthf%r3les = 17.502_jprb
  ydthf%r4ies = -0.7_jprb
  ydthf%r4les = 32.19_jprb
  ydthf%r5alscp = 17451123.253362577_jprb
  ydthf%r5alvcp = 10497584.68169531_jprb
  ydthf%r5ies = 6185.67582_jprb
  ydthf%r5les = 4217.45694_jprb
  ydthf%ralfdcp = 332.1360187066693_jprb
  ydthf%ralsdcp = 2821.2152982440934_jprb
  ydthf%ralvdcp = 2489.0792795374246_jprb
  ydcst%rcpd = 1004.7088578330674_jprb
  ydcst%rd = 287.0596736665907_jprb
  ydcst%retv = 0.6077667316114637_jprb
  ydcst%rg = 9.80665_jprb
  ydthf%rkoop1 = 2.583_jprb
  ydthf%rkoop2 = 0.0048116_jprb
  ydcst%rlmlt = 333700.0_jprb
  ydcst%rlstt = 2834500.0_jprb
  ydcst%rlvtt = 2500800.0_jprb
  ydthf%rtice = 250.16000000000003_jprb
  ydthf%rticecu = 250.16000000000003_jprb
  ydcst%rtt = 273.16_jprb
  ydthf%rtwat = 273.16_jprb
  ydthf%rtwat_rticecu_r = 0.043478260869565216_jprb
  ydthf%rtwat_rtice_r = 0.043478260869565216_jprb
  ydcst%rv = 461.5249933083879_jprb
  ydecldp%laericeauto = .false.
  ydecldp%laericesed = .false.
  ydecldp%laerliqautocp = .false.
  ydecldp%laerliqautocpb = .false.
  ydecldp%laerliqautolsp = .false.
  ydecldp%laerliqcoll = .false.
  ydecldp%lcldbudget = .false.
  ydecldp%lcldextra = .false.
  ydecldp%naeclbc = 9
  ydecldp%naecldu = 4
  ydecldp%naeclom = 7
  ydecldp%naeclss = 1
  ydecldp%naeclsu = 11
  ydecldp%naercld = 0
  ydecldp%nbeta = 100
  ydecldp%nclddiag = 0
  ydecldp%ncldtop = 15
  ydecldp%nshapep = 2.414213562373095_jprb
  ydecldp%nshapeq = 2.414213562373095_jprb
  ydecldp%nssopt = 1
  ydecldp%ramid = 0.8_jprb
  ydecldp%ramin = 1e-08_jprb
  ydecldp%rccn = 125.0_jprb
  ydecldp%rccnom = 0.13_jprb
  ydecldp%rccnss = 0.05_jprb
  ydecldp%rccnsu = 0.5_jprb
  ydecldp%rclcrit = 0.0004_jprb
  ydecldp%rclcrit_land = 0.00055_jprb
  ydecldp%rclcrit_sea = 0.00025_jprb
  ydecldp%rcldiff = 3e-06_jprb
  ydecldp%rcldiff_convi = 7.0_jprb
  ydecldp%rcldmax = 0.005_jprb
  ydecldp%rcldtopcf = 0.01_jprb
  ydecldp%rcldtopp = 100.0_jprb
  ydecldp%rcl_ai = 0.069_jprb
  ydecldp%rcl_apb1 = 714000000000.0_jprb
  ydecldp%rcl_apb2 = 116000000.0_jprb
  ydecldp%rcl_apb3 = 241.6_jprb
  ydecldp%rcl_ar = 523.5987755982989_jprb
  ydecldp%rcl_as = 0.069_jprb
  ydecldp%rcl_bi = 2.0_jprb
  ydecldp%rcl_br = 3.0_jprb
  ydecldp%rcl_bs = 2.0_jprb
  ydecldp%rcl_cdenom1 = 557000000000.0_jprb
  ydecldp%rcl_cdenom2 = 103000000.0_jprb
  ydecldp%rcl_cdenom3 = 204.0_jprb
  ydecldp%rcl_ci = 16.8_jprb
  ydecldp%rcl_const1i = 3.6231880115136998e-06_jprb
  ydecldp%rcl_const1r = 1.382300767579509_jprb
  ydecldp%rcl_const1s = 3.6231880115136998e-06_jprb
  ydecldp%rcl_const2i = 6283185.307179586_jprb
  ydecldp%rcl_const2r = 2143.2299120517614_jprb
  ydecldp%rcl_const2s = 6283185.307179586_jprb
  ydecldp%rcl_const3i = 596.9998475835998_jprb
  ydecldp%rcl_const3r = 0.6349999999999998_jprb
  ydecldp%rcl_const3s = 596.9998475835998_jprb
  ydecldp%rcl_const4i = 0.6666666666666666_jprb
  ydecldp%rcl_const4r = -0.20000000000000018_jprb
  ydecldp%rcl_const4s = 0.6666666666666666_jprb
  ydecldp%rcl_const5i = 0.9211666666666667_jprb
  ydecldp%rcl_const5r = 8685252.965082133_jprb
  ydecldp%rcl_const5s = 0.9211666666666667_jprb
  ydecldp%rcl_const6i = 1.0000000948961185_jprb
  ydecldp%rcl_const6r = -4.8_jprb
  ydecldp%rcl_const6s = 1.0000000948961185_jprb
  ydecldp%rcl_const7s = 90363515.76351073_jprb
  ydecldp%rcl_const8s = 1.1756666666666666_jprb
  ydecldp%rcl_cr = 386.8_jprb
  ydecldp%rcl_cs = 16.8_jprb
  ydecldp%rcl_di = 0.527_jprb
  ydecldp%rcl_dr = 0.67_jprb
  ydecldp%rcl_ds = 0.527_jprb
  ydecldp%rcl_dynvisc = 1.717e-05_jprb
  ydecldp%rcl_fac1 = 4146.902789847063_jprb
  ydecldp%rcl_fac2 = 0.5555555555555556_jprb
  ydecldp%rcl_fzrab = -0.66_jprb
  ydecldp%rcl_fzrbb = 200.0_jprb
  ydecldp%rcl_ka273 = 0.024_jprb
  ydecldp%rcl_kkaac = 67.0_jprb
  ydecldp%rcl_kkaau = 1350.0_jprb
  ydecldp%rcl_kkbac = 1.15_jprb
  ydecldp%rcl_kkbaun = -1.79_jprb
  ydecldp%rcl_kkbauq = 2.47_jprb
  ydecldp%rcl_kk_cloud_num_land = 300.0_jprb
  ydecldp%rcl_kk_cloud_num_sea = 50.0_jprb
  ydecldp%rcl_schmidt = 0.6_jprb
  ydecldp%rcl_x1i = 2000000.0_jprb
  ydecldp%rcl_x1r = 0.22_jprb
  ydecldp%rcl_x1s = 2000000.0_jprb
  ydecldp%rcl_x2i = 0.0_jprb
  ydecldp%rcl_x2r = 2.2_jprb
  ydecldp%rcl_x2s = 0.0_jprb
  ydecldp%rcl_x3i = 1.0_jprb
  ydecldp%rcl_x3s = 1.0_jprb
  ydecldp%rcl_x4i = 0.0_jprb
  ydecldp%rcl_x4r = 0.0_jprb
  ydecldp%rcl_x4s = 0.0_jprb
  ydecldp%rcovpmin = 0.1_jprb
  ydecldp%rdensref = 1.0_jprb
  ydecldp%rdenswat = 1000.0_jprb
  ydecldp%rdepliqrefdepth = 500.0_jprb
  ydecldp%rdepliqrefrate = 0.1_jprb
  ydecldp%ricehi1 = 3.3333333333333335e-05_jprb
  ydecldp%ricehi2 = 0.004291845493562232_jprb
  ydecldp%riceinit = 1e-12_jprb
  ydecldp%rkconv = 0.00016666666666666666_jprb
  ydecldp%rkooptau = 10800.0_jprb
  ydecldp%rlcritsnow = 3e-05_jprb
  ydecldp%rlmin = 1e-08_jprb
  ydecldp%rnice = 0.027_jprb
  ydecldp%rpecons = 5.54725619859993e-05_jprb
  ydecldp%rprc1 = 100.0_jprb
  ydecldp%rprc2 = 0.5_jprb
  ydecldp%rprecrhmax = 0.7_jprb
  ydecldp%rsnowlin1 = 0.001_jprb
  ydecldp%rsnowlin2 = 0.03_jprb
  ydecldp%rtaumel = 7200.0_jprb
  ydecldp%rthomo = 235.16000000000003_jprb
  ydecldp%rvice = 0.13_jprb
  ydecldp%rvrain = 4.0_jprb
  ydecldp%rvrfactor = 0.00509_jprb
  ydecldp%rvsnow = 1.0_jprb
end subroutine setup_cloudsc
