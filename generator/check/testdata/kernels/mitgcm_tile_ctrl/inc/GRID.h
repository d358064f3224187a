C     GRID.h: masks and metrics
      _RL maskC (1-OLx:sNx+OLx,1-OLy:sNy+OLy,Nr,nSx,nSy)
      _RL hFacC (1-OLx:sNx+OLx,1-OLy:sNy+OLy,Nr,nSx,nSy)
      _RL recip_hFacC(1-OLx:sNx+OLx,1-OLy:sNy+OLy,Nr,nSx,nSy)
      _RL drF(Nr), recip_drF(Nr)
      COMMON /GRID_RL/ maskC, hFacC, recip_hFacC, drF, recip_drF
