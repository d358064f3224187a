C     A relaxation step keeping state between calls as old models do:
C     DATA sets the first-call flag and the counter, SAVE keeps them,
C     the coefficients computed on the first call, and the previous
C     value (set again on the first step of a run).
      SUBROUTINE RELAX(X, DT, Y, KSTEP)
      INTEGER KSTEP
      DOUBLE PRECISION X, DT, Y
      LOGICAL FIRST
      INTEGER NCALL
      DOUBLE PRECISION C(3), XOLD, TAU
      SAVE FIRST, NCALL, C, XOLD
      DATA FIRST /.TRUE./, NCALL /0/
      DATA TAU /2.5D0/
      IF (FIRST) THEN
         C(1) = 1.0D0/TAU
         C(2) = 0.5D0
         C(3) = 0.1D0
         FIRST = .FALSE.
      END IF
      IF (KSTEP .EQ. 1) XOLD = X
      NCALL = NCALL + 1
      Y = Y + DT*(C(1)*(X - Y) + C(2)*(X - XOLD)) - C(3)*DT*Y**2
      XOLD = X
      END
      SUBROUTINE RUN(X0, NT, Y)
      INTEGER NT, K
      DOUBLE PRECISION X0, Y, X
      Y = 0.0D0
      DO 10 K = 1, NT
         X = X0*SIN(0.2D0*K) + X0**2
         CALL RELAX(X, 0.1D0, Y, K)
   10 CONTINUE
      END
