C     Quadrature as old libraries write it: a Simpson FUNCTION taking
C     the integrand as EXTERNAL, called with intrinsics (INTRINSIC DSIN,
C     then SIMPS(DSIN, ...)) and with a user function reading COMMON; a
C     driver passing an intrinsic on to it; a SUBROUTINE form.
      DOUBLE PRECISION FUNCTION SIMPS(F, A, B, N)
      IMPLICIT NONE
      EXTERNAL F
      DOUBLE PRECISION F, A, B, H, S
      INTEGER N, I
      H = (B - A)/N
      S = F(A) + F(B)
      DO 10 I = 1, N-1, 2
         S = S + 4.D0*F(A + I*H)
   10 CONTINUE
      DO 20 I = 2, N-2, 2
         S = S + 2.D0*F(A + I*H)
   20 CONTINUE
      SIMPS = S*H/3.D0
      END
      DOUBLE PRECISION FUNCTION TWICE(G, A, B)
      IMPLICIT NONE
      EXTERNAL G
      DOUBLE PRECISION G, A, B, C, SIMPS
      C = 0.5D0*(A + B)
      TWICE = SIMPS(G, A, C, 6) + SIMPS(G, C, B, 6)
      END
C     The same rule as a SUBROUTINE returning its result in R.
      SUBROUTINE QUAD(F, A, B, N, R)
      EXTERNAL F
      DOUBLE PRECISION F, A, B, R, H, X
      INTEGER N, I
      H = (B - A)/N
      R = F(A) + F(B)
      DO 10 I = 1, N - 1
         X = A + I*H
         IF (MOD(I, 2) .EQ. 1) THEN
            R = R + 4.0D0*F(X)
         ELSE
            R = R + 2.0D0*F(X)
         END IF
   10 CONTINUE
      R = R*H/3.0D0
      END
      DOUBLE PRECISION FUNCTION GAUSS(X)
      DOUBLE PRECISION X
      COMMON /PAR/ SIG
      DOUBLE PRECISION SIG
      GAUSS = EXP(-X*X/SIG)
      END
      SUBROUTINE TOP(A, B, SIGIN, S)
      IMPLICIT NONE
      DOUBLE PRECISION A, B, SIGIN, S, R1, R2, R3, R4, R5
      DOUBLE PRECISION SIMPS, TWICE, GAUSS
      COMMON /PAR/ SIG
      DOUBLE PRECISION SIG
      INTRINSIC DSIN, DCOS, DSQRT, DEXP
      EXTERNAL GAUSS
      SIG = SIGIN
      R1 = SIMPS(DSIN, A, B, 8)
      R2 = TWICE(DCOS, A, B)
      R3 = SIMPS(GAUSS, A, B, 6)
      R4 = SIMPS(DSQRT, A, B, 4)
      CALL QUAD(DEXP, A, B, 8, R5)
      S = R1*R2 + R3*R4 + R5
      END
