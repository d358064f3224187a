C     Running statistics of a model trajectory kept in SAVEd state of
C     the statistics routine: MODE 0 resets, 1 accumulates, 2 reports.
      SUBROUTINE STATS(MODE, X, RMS, XMAXL)
      INTEGER MODE
      DOUBLE PRECISION X, RMS, XMAXL
      DOUBLE PRECISION SUMSQ, XPREV, XMAX, VAR
      INTEGER NCNT
      SAVE SUMSQ, XPREV, XMAX, NCNT, VAR
      IF (MODE .EQ. 0) THEN
         SUMSQ = 0.D0
         VAR = 0.D0
         NCNT = 0
         XPREV = X
         XMAX = X
      ELSE IF (MODE .EQ. 1) THEN
         SUMSQ = SUMSQ + X**2
         VAR = VAR + (X - XPREV)**2*EXP(-0.1D0*NCNT)
         XPREV = X
         IF (X .GT. XMAX) XMAX = X
         NCNT = NCNT + 1
      ELSE
         RMS = SQRT(SUMSQ/NCNT) + SQRT(VAR)
         XMAXL = XMAX
      END IF
      END
      SUBROUTINE TRAJ(X0, A, NT, RMS, XM)
      INTEGER NT, K
      DOUBLE PRECISION X0, A, RMS, XM, X, CURMAX
      EXTERNAL CURMAX
      X = X0
      CALL STATS(0, X, RMS, XM)
      DO 10 K = 1, NT
         X = X + 0.1D0*(A*X - X**3 + COS(0.3D0*K))
         IF (K .EQ. NT/2) CALL SPINUP(K)
         CALL STATS(1, X, RMS, XM)
   10 CONTINUE
      CALL STATS(2, X, RMS, XM)
      CALL DIAG(K)
      IF (CURMAX() .GT. 1.0D3) PRINT *, 'large'
      END
      SUBROUTINE DIAG(K)
      INTEGER K
      DOUBLE PRECISION R, XM, Z
      Z = 1.D0
      CALL STATS(2, Z, R, XM)
      IF (R .LT. 0.D0) PRINT *, K, R, XM
      END
C     End of the spin-up: the statistics restart from a reference
C     state (a passive call resetting STATS's saved sums).
      SUBROUTINE SPINUP(K)
      INTEGER K
      DOUBLE PRECISION XREF, R, XM
      XREF = 0.5D0
      CALL STATS(0, XREF, R, XM)
      END
C     The maximum so far, as a function.
      DOUBLE PRECISION FUNCTION CURMAX()
      DOUBLE PRECISION R, Z
      Z = 0.D0
      CALL STATS(2, Z, R, CURMAX)
      END
