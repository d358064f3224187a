C     Statement functions, as F77 optimisation test problems write their
C     small formulas: one calls another, one reads a variable of the
C     routine (C), one is used in a condition and in a loop bound.
      SUBROUTINE FLUX(N, X, F)
      INTEGER N, I, M
      DOUBLE PRECISION X(N), F, C, S, T, Q, R, G, H
      INTEGER IDX
      Q(S, T) = S*S + 3D0*T
      R(S) = EXP(S)*Q(S, C)
      G(S) = S/(1D0 + S*S)
      IDX(I) = MOD(I, N) + 1
      C = 0.5D0
      F = 0D0
      M = IDX(N - 1)
      DO 10 I = 1, M
         IF (G(X(I)) .GT. 0.2D0) THEN
            F = F + Q(X(I), F) + R(X(IDX(I)))
         ELSE
            F = F - G(X(I) + C)*Q(C, X(I))
         END IF
         C = C + G(F)
   10 CONTINUE
      END
