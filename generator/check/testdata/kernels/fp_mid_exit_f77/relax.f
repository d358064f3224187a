C     (fp_mid_exit_f77) Under-relaxed Picard iteration, F77 style: a
C     labelled DO, the convergence test on the new iterate, then the
C     relaxation, the exit by GO TO past the loop's CONTINUE. The exit is
C     rotated to the end of the body, the labelled DO loops before it
C     copied without their terminal labels (rejected before: "EXIT leaves
C     an iteration before its end").
      SUBROUTINE RELAX(N, P, X, COST)
      INTEGER N, IT, I
      DOUBLE PRECISION P(N), X(N), COST, XN(N), RES, OMEGA
      OMEGA = 0.7D0
      DO 10 I = 1, N
        X(I) = 0.0D0
   10 CONTINUE
      DO 20 IT = 1, 500
        DO 30 I = 1, N
          XN(I) = 0.5D0*COS(X(I)) + 0.25D0*P(I)
   30   CONTINUE
        RES = 0.0D0
        DO 40 I = 1, N
          RES = MAX(RES, ABS(XN(I) - X(I)))
   40   CONTINUE
        IF (RES .LT. 1.0D-15) GOTO 50
        DO 60 I = 1, N
          X(I) = OMEGA*XN(I) + (1.0D0 - OMEGA)*X(I)
   60   CONTINUE
   20 CONTINUE
   50 CONTINUE
      COST = 0.0D0
      DO 70 I = 1, N
        COST = COST + X(I)**2 + P(I)*XN(I)
   70 CONTINUE
      END
