      INTEGER sNx, sNy, OLx, OLy, nSx, nSy
      PARAMETER ( sNx = 5, sNy = 4, OLx = 1, OLy = 1, nSx = 1, nSy = 1 )
      _RL aW2d(1-OLx:sNx+OLx,1-OLy:sNy+OLy,nSx,nSy)
      _RL aS2d(1-OLx:sNx+OLx,1-OLy:sNy+OLy,nSx,nSy)
      _RL pC(1-OLx:sNx+OLx,1-OLy:sNy+OLy,nSx,nSy)
      _RL maskH(1-OLx:sNx+OLx,1-OLy:sNy+OLy,nSx,nSy)
      _RL cg2dTargetResidual
      INTEGER cg2dMaxIters
      COMMON /CG2D_R/ aW2d, aS2d, pC, maskH, cg2dTargetResidual
      COMMON /CG2D_I/ cg2dMaxIters
