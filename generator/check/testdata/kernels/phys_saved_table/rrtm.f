      BLOCK DATA RRTMTB
      IMPLICIT REAL*8 (A-H,O-Z)
      COMMON /KGTAB/ ABSA(5,4), FORREF(4), PREFLG(5)
      DATA ABSA / 5*1.0D-2, 5*2.0D-2, 3.0D-2, 3.1D-2, 3.2D-2, 3.3D-2,
     &            3.4D-2, 5*4.5D-2 /
      DATA FORREF / 1.1D0, 1.2D0, 1.3D0, 1.4D0 /
      DATA PREFLG / 6.96D0, 6.5D0, 6.0D0, 5.5D0, 5.0D0 /
      END

      SUBROUTINE TAUGB1(NLAY, NG, PAVEL, TAVEL, COLH2O, FAC, TAUG,
     &                  TOTAU)
C     optical depths from a table interpolated in log pressure
      IMPLICIT REAL*8 (A-H,O-Z)
      INTEGER NLAY, NG
      PARAMETER (MXLAY = 20)
      DIMENSION PAVEL(NLAY), TAVEL(NLAY), COLH2O(NLAY), TAUG(MXLAY,NG)
      REAL*8 FAC, TOTAU
      COMMON /KGTAB/ ABSA(5,4), FORREF(4), PREFLG(5)
      REAL*8 SCALE4
      LOGICAL FIRST
      SAVE FIRST, TLOOK
      DIMENSION TLOOK(4)
      DATA FIRST /.TRUE./
C     statement function: temperature correction
      TCORR(T) = 1.0D0 + 0.005D0*(T - 250.0D0)
      IF (FIRST) THEN
         DO 5 IG = 1, 4
            TLOOK(IG) = 0.9D0 + 0.05D0*DBLE(IG)
    5    CONTINUE
         FIRST = .FALSE.
      ENDIF
      TOTAU = 0.0D0
      DO 20 LAY = 1, NLAY
         PLOG = DLOG(PAVEL(LAY))
         JP = NINT(36.0D0 - 5.0D0*PLOG)
         IF (JP .LT. 1) JP = 1
         IF (JP .GT. 4) JP = 4
         FP = 5.0D0*(PREFLG(JP) - PLOG)
         FP = DMAX1(0.0D0, DMIN1(1.0D0, FP))
         SCALE4 = DBLE(TCORR(TAVEL(LAY)))
         DO 10 IG = 1, NG
            TAUG(LAY,IG) = COLH2O(LAY)*FAC*DBLE(SCALE4)*
     &        ((1.0D0-FP)*ABSA(JP,IG) + FP*ABSA(JP+1,IG))*TLOOK(IG)
     &        + FORREF(IG)*COLH2O(LAY)**2*1.0D-3
            IF (TAUG(LAY,IG) .GT. 50.0D0) GOTO 15
            TOTAU = TOTAU + TAUG(LAY,IG)
            GOTO 10
   15       TOTAU = TOTAU + 50.0D0
   10    CONTINUE
   20 CONTINUE
      RETURN
      END

      SUBROUTINE RTRN(NLAY, NG, PAVEL, TAVEL, COLH2O, FAC, FLUX)
      IMPLICIT REAL*8 (A-H,O-Z)
      INTEGER NLAY, NG
      DIMENSION PAVEL(NLAY), TAVEL(NLAY), COLH2O(NLAY)
      PARAMETER (MXLAY = 20)
      DIMENSION TAUG(MXLAY,4), BBU(0:MXLAY)
      FLUX = 0.0D0
      CALL TAUGB1(NLAY, NG, PAVEL, TAVEL, COLH2O, FAC, TAUG, TOT)
      DO 30 IG = 1, NG
         BBU(0) = 1.0D0
         DO 25 LAY = 1, NLAY
            TRANS = DEXP(-1.66D0*TAUG(LAY,IG))
            BBU(LAY) = BBU(LAY-1)*TRANS + (1.0D0 - TRANS)*
     &                 5.67D-8*TAVEL(LAY)**4/3.14159D0
   25    CONTINUE
         FLUX = FLUX + BBU(NLAY)*0.25D0
   30 CONTINUE
      FLUX = FLUX + 1.0D-2*DSQRT(TOT)
      END

      SUBROUTINE SETUPR(NLAY, NG, PAVEL, TAVEL, COLH2O, FAC, FLUX)
      IMPLICIT REAL*8 (A-H,O-Z)
      DIMENSION PAVEL(NLAY), TAVEL(NLAY), COLH2O(NLAY)
      DO 40 L = 1, NLAY
         PAVEL(L) = 1000.0D0*DEXP(-0.15D0*L) * (1.0D0+0.01D0*PAVEL(L))
         TAVEL(L) = 290.0D0 - 8.0D0*L + TAVEL(L)
   40 CONTINUE
      FAC = 1.0D0
      END
