      INTEGER Nx, Ny
      PARAMETER ( Nx = 6, Ny = 5 )
      _RL etaN(0:Nx+1,0:Ny+1), etaH(0:Nx+1,0:Ny+1)
      _RL hFacW(0:Nx+1,0:Ny+1), maskH(0:Nx+1,0:Ny+1)
      _RL gravity, dtSurf, xx_depth, objf_eta
      COMMON /SURF_R/ etaN, etaH, hFacW, maskH,
     &                gravity, dtSurf, xx_depth, objf_eta
