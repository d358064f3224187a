C     CTRL.h: controls and cost
      _RL xx_theta(1-OLx:sNx+OLx,1-OLy:sNy+OLy,Nr,nSx,nSy)
      _RL xx_kapgm
      COMMON /CTRL_R/ xx_theta, xx_kapgm
      _RL objf_sst, sstobs(1-OLx:sNx+OLx,1-OLy:sNy+OLy)
      COMMON /COST_R/ objf_sst, sstobs
