      INTEGER Nx, Nr
      PARAMETER ( Nx = 8, Nr = 4 )
      LOGICAL useKPP, useGMRedi
      _RL deltaT, tauRelax, forcingPeriod
      INTEGER nIter0, standardMessageUnit
      COMMON /PARM_L/ useKPP, useGMRedi
      COMMON /PARM_R/ deltaT, tauRelax, forcingPeriod
      COMMON /PARM_I/ nIter0, standardMessageUnit
      _RS maskC(Nx,Nr), drF(Nr)
      COMMON /GRID_RS/ maskC, drF
      _RL theta(Nx,Nr), kapGM(Nx,Nr), diffKr(Nx,Nr), sst_clim(Nx)
      COMMON /DYN_RL/ theta, kapGM, diffKr, sst_clim
      _RL xx_kapgm(Nx,Nr), xx_sst(Nx), objf
      COMMON /CTRL_RL/ xx_kapgm, xx_sst, objf
