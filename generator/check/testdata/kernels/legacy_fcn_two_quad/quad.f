C     Simpson's rule as a FUNCTION taking the integrand as EXTERNAL,
C     applied to two integrands whose parameters come through COMMON.
      DOUBLE PRECISION FUNCTION SIMPS(F, A, B, N)
      DOUBLE PRECISION F, A, B
      INTEGER N
      EXTERNAL F
      DOUBLE PRECISION H, S
      INTEGER I
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
      DOUBLE PRECISION FUNCTION G1(X)
      DOUBLE PRECISION X
      COMMON /PAR/ P, Q
      DOUBLE PRECISION P, Q
      G1 = EXP(-P*X)*X
      END
      DOUBLE PRECISION FUNCTION G2(X)
      DOUBLE PRECISION X
      COMMON /PAR/ P, Q
      DOUBLE PRECISION P, Q
      G2 = SIN(Q*X)**2
      END
      SUBROUTINE TOP(PIN, QIN, UP, R)
      DOUBLE PRECISION PIN, QIN, UP, R
      COMMON /PAR/ P, Q
      DOUBLE PRECISION P, Q
      DOUBLE PRECISION SIMPS, G1, G2, R1, R2, B2
      EXTERNAL G1, G2
      P = PIN
      Q = QIN
      R1 = SIMPS(G1, 0.D0, UP, 10)
      B2 = 2.D0*UP
      R2 = SIMPS(G2, 0.D0, B2, 12)
      R = R1*R2 + R1
      END
