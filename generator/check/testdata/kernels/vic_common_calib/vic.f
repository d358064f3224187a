C     VIC-style two-layer bucket with ARNO baseflow, F77 with commons
      SUBROUTINE ARNO(W, WMAX, DS, DSMAX, WS, BFLOW)
      REAL*8 W, WMAX, DS, DSMAX, WS, BFLOW
      REAL*8 FRAC
      FRAC = W / WMAX
      IF (FRAC .LE. WS) THEN
         BFLOW = DS * DSMAX / WS * FRAC
      ELSE
         BFLOW = DS * DSMAX / WS * FRAC
     &         + (DSMAX - DS * DSMAX / WS)
     &         * ((FRAC - WS)/(1.D0 - WS))**2
      END IF
      BFLOW = MIN(BFLOW, W)
      RETURN
      END

      SUBROUTINE INFILT(P, W1, WMAX1, BEXP, RUNOFF)
      REAL*8 P, W1, WMAX1, BEXP, RUNOFF
      REAL*8 IMAX, I0, AS
      IMAX = WMAX1 * (1.D0 + BEXP)
      I0 = IMAX * (1.D0 - (1.D0 - MIN(W1/WMAX1, 1.D0))
     &     **(1.D0/(1.D0+BEXP)))
      IF (I0 + P .GE. IMAX) THEN
         RUNOFF = P - (WMAX1 - W1)
      ELSE
         AS = 1.D0 - (I0 + P) / IMAX
         RUNOFF = P - (WMAX1 - W1) + WMAX1 * AS**(1.D0+BEXP)
      END IF
      RUNOFF = MAX(RUNOFF, 0.D0)
      RETURN
      END

      SUBROUTINE VICRUN(NT, NCELL, PREC, W10, W20, QOBS, COST)
      INTEGER NT, NCELL
      REAL*8 PREC(NCELL, NT), W10(NCELL), W20(NCELL), QOBS(NT), COST
      REAL*8 BINF, DS, DSMAX, WS
      COMMON /SOILPAR/ BINF, DS, DSMAX, WS
      REAL*8 W1(50), W2(50), WMAX1, WMAX2, RO, BF, PERC, Q
      INTEGER IT, IC
      PARAMETER (WMAX1 = 100.D0, WMAX2 = 400.D0)
      DO 10 IC = 1, NCELL
         W1(IC) = W10(IC)
         W2(IC) = W20(IC)
   10 CONTINUE
      COST = 0.D0
      DO 30 IT = 1, NT
         Q = 0.D0
         DO 20 IC = 1, NCELL
            CALL INFILT(PREC(IC, IT), W1(IC), WMAX1, BINF, RO)
            W1(IC) = W1(IC) + PREC(IC, IT) - RO
            PERC = 0.05D0 * (W1(IC) / WMAX1)**3 * W1(IC)
            W1(IC) = W1(IC) - PERC
            W2(IC) = W2(IC) + PERC
            CALL ARNO(W2(IC), WMAX2, DS, DSMAX, WS, BF)
            W2(IC) = W2(IC) - BF
            Q = Q + RO + BF
   20    CONTINUE
         COST = COST + (Q - QOBS(IT))**2
   30 CONTINUE
      RETURN
      END
