C     Newton solves per cell with an error exit out of the cell loop, and
C     a stateful integrator applied to two models.
      SUBROUTINE NEWTON(Q, S, *)
      DOUBLE PRECISION Q, S, F, DF
      INTEGER IT
      S = Q
      DO 20 IT = 1, 4
         F = S + 0.2D0*S**3 - Q
         DF = 1.D0 + 0.6D0*S**2
         S = S - F/DF
         IF (ABS(F) .LT. 1.D-6) RETURN
   20 CONTINUE
      RETURN 1
      END
      SUBROUTINE M1(X, F)
      DOUBLE PRECISION X, F
      F = -X**2
      END
      SUBROUTINE M2(X, F)
      DOUBLE PRECISION X, F
      F = COS(X)
      END
      SUBROUTINE AB2(DERIV, X, DT)
      EXTERNAL DERIV
      DOUBLE PRECISION X, DT, F, FOLD
      SAVE FOLD
      CALL DERIV(X, F)
      IF (DT .LT. 0.D0) THEN
         FOLD = F
         RETURN
      END IF
      X = X + DT*(1.5D0*F - 0.5D0*FOLD)
      FOLD = F
      END
      SUBROUTINE CELLS(Q, N, S, X1, X2, IERR)
      INTEGER N, I, IERR, K
      DOUBLE PRECISION Q(N), S(N), X1, X2
      EXTERNAL M1, M2
      IERR = 0
      DO 10 I = 1, N
         CALL NEWTON(Q(I), S(I), *900)
   10 CONTINUE
      CALL AB2(M1, X1, -1.D0)
      CALL AB2(M2, X2, -1.D0)
      DO 30 K = 1, 10
         CALL AB2(M1, X1, 0.05D0)
         CALL AB2(M2, X2, 0.05D0)
   30 CONTINUE
      X1 = X1 + S(1)
      RETURN
  900 IERR = I
      END
