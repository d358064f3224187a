! The check point of FSM's PHYSICS (one hourly step of the Factorial
! Snow Model, configuration 31: every parametrization on): the
! parameters SET_PARAMETERS gives by default (it reads namelists from
! the standard input, which fadj check's driver does not give), a cold
! night with light snowfall, three snow layers of 250 kg/m^3 and a soil
! below freezing at the top, as INITIALIZE's defaults and a start file
! would set them. The snow stays below melting and the layering
! thresholds stay away, so that finite differences do not cross a branch.
subroutine fsm_point()
  use CONSTANTS, only: hcon_air, hcon_clay, hcon_sand
  use DRIVING
  use MODELS
  use PARAMETERS
  use SOIL_PARAMS
  use STATE_VARIABLES
  use DIAGNOSTICS
  implicit none
  real :: hcon_min
  am = 1; cm = 1; dm = 1; em = 1; hm = 1
  dt = 3600; zT = 2; zU = 10; zvar = .true.; SnowMIP = .false.
  asmx = 0.8; asmn = 0.5; bstb = 5; bthr = 2; hfsn = 0.1; kfix = 0.24
  rho0 = 300; rhof = 100; rcld = 300; rmlt = 500; Salb = 10; Talb = -2
  tcld = 1000; tmlt = 100; trho = 200; Wirr = 0.03; z0sn = 0.01
  alb0 = 0.2; gsat = 0.01; z0sf = 0.1; fcly = 0.3; fsnd = 0.6
  b = 3.1 + 15.7*fcly - 0.3*fsnd
  hcap_soil = (2.128*fcly + 2.385*fsnd)*1E6 / (fcly + fsnd)
  sathh = 10**(0.17 - 0.63*fcly - 1.58*fsnd)
  Vsat = 0.505 - 0.037*fcly - 0.142*fsnd
  Vcrit = Vsat*(sathh/3.364)**(1/b)
  hcon_min = (hcon_clay**fcly) * (hcon_sand**(1 - fcly))
  hcon_soil = (hcon_air**Vsat) * (hcon_min**(1 - Vsat))
  ! A cold, cloudy night with light snow.
  year = 2005; month = 12; day = 15; hour = 2
  LW = 260; Ps = 87000; Qa = 1.8e-3; Rf = 0; Sf = 2.0e-5; SW = 0
  Ta = 266; Ua = 3
  ! Three snow layers over a soil freezing from the top.
  Nsnow = 3
  albs = 0.78
  Ds = [0.12, 0.25, 0.45]
  Sice = 250*Ds
  Sliq = 0
  Tsnow = [265.5, 267.0, 269.5]
  Tsoil = [271.0, 272.5, 274.0, 276.0]
  theta = 0.5*Vsat
  Tsurf = 265.0
  Nave = 24; diags = 0; SWint = 0; SWout = 0
end subroutine fsm_point
