C     SIZE.h: tile sizes
      INTEGER sNx, sNy, OLx, OLy, nSx, nSy, Nr
      PARAMETER ( sNx = 4, sNy = 3, OLx = 2, OLy = 2,
     &            nSx = 2, nSy = 1, Nr = 3 )
