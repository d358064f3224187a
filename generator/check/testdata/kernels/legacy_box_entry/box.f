C     A box model in the style of old climate codes: state in COMMON,
C     a work array EQUIVALENCEd to two halves, DO loops sharing a
C     labelled CONTINUE, arithmetic IF for the sign of the flux, and a
C     statistics routine with DATA-initialised SAVEd accumulators.
      SUBROUTINE INIT(T0)
      DOUBLE PRECISION T0
      COMMON /STATE/ T(4), S(4)
      DOUBLE PRECISION T, S
      INTEGER I
      DO 10 I = 1, 4
         T(I) = T0 + 0.5D0*I
         S(I) = 35.0D0 - 0.1D0*I
   10 CONTINUE
      END
      SUBROUTINE STEP(DT, K)
      DOUBLE PRECISION DT
      INTEGER K
      COMMON /STATE/ T(4), S(4)
      DOUBLE PRECISION T, S
      DOUBLE PRECISION W(8), FT(4), FS(4), Q
      EQUIVALENCE (W(1), FT(1)), (W(5), FS(1))
      INTEGER I, J
      DO 20 I = 1, 8
         W(I) = 0.0D0
   20 CONTINUE
      DO 30 I = 1, 4
      DO 30 J = 1, 4
         IF (I .EQ. J) GO TO 30
         Q = 0.01D0*(T(J) - T(I)) - 0.02D0*(S(J) - S(I))
         IF (Q) 25, 30, 26
   25    FT(I) = FT(I) + Q*T(J)
         FS(I) = FS(I) + Q*S(J)
         GO TO 30
   26    FT(I) = FT(I) + Q*T(I)
         FS(I) = FS(I) + Q*S(I)
   30 CONTINUE
      DO 40 I = 1, 4
         T(I) = T(I) + DT*FT(I)
         S(I) = S(I) + DT*FS(I)
   40 CONTINUE
      CALL ACCUM(T(1) - T(4), K)
      END
      SUBROUTINE ACCUM(X, K)
      DOUBLE PRECISION X
      INTEGER K
      DOUBLE PRECISION SUM, XMAX
      INTEGER N
      SAVE SUM, XMAX
      DATA N /0/
      IF (K .EQ. 1) THEN
         SUM = 0.0D0
         XMAX = X
         N = 0
      END IF
      SUM = SUM + X**2
      IF (X .GT. XMAX) XMAX = X
      N = N + 1
      RETURN
      ENTRY REPORT(X)
      X = SQRT(SUM/N) + 0.1D0*XMAX
      END
      SUBROUTINE RUN(T0, DT, NT, R)
      DOUBLE PRECISION T0, DT, R
      INTEGER NT, K
      COMMON /STATE/ T(4), S(4)
      DOUBLE PRECISION T, S
      CALL INIT(T0)
      DO 50 K = 1, NT
         CALL STEP(DT, K)
   50 CONTINUE
      CALL REPORT(R)
      END
