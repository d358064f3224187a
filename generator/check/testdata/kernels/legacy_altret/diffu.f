C     Implicit diffusion with a tridiagonal solver that takes an
C     alternate return on a zero pivot, and a Newton solve for the
C     source term that takes one when it does not converge, as F77
C     error handling does it; the caller falls back to explicit steps.
      SUBROUTINE TRIDAG(A, B, C, R, U, N, *)
      INTEGER N, J
      DOUBLE PRECISION A(N), B(N), C(N), R(N), U(N)
      DOUBLE PRECISION GAM(50), BET
      IF (B(1) .EQ. 0.D0) RETURN 1
      BET = B(1)
      U(1) = R(1)/BET
      DO 11 J = 2, N
         GAM(J) = C(J-1)/BET
         BET = B(J) - A(J)*GAM(J)
         IF (BET .EQ. 0.D0) RETURN 1
         U(J) = (R(J) - A(J)*U(J-1))/BET
   11 CONTINUE
      DO 12 J = N-1, 1, -1
         U(J) = U(J) - GAM(J+1)*U(J+1)
   12 CONTINUE
      RETURN
      END
      SUBROUTINE SRCNEW(Q, S, *, *)
      DOUBLE PRECISION Q, S, F, DF
      INTEGER IT
      IF (Q .LT. 0.D0) RETURN 2
      S = Q
      DO 20 IT = 1, 30
         F = S + 0.2D0*S**3 - Q
         DF = 1.D0 + 0.6D0*S**2
         S = S - F/DF
         IF (ABS(F) .LT. 1.D-13) RETURN
   20 CONTINUE
      RETURN 1
      END
      SUBROUTINE HEAT(T0, KAPPA, QIN, NT, N, TEND)
      INTEGER NT, N, I, K
      DOUBLE PRECISION T0(N), KAPPA, QIN, TEND(N)
      DOUBLE PRECISION A(50), B(50), C(50), R(50), T(50), S, DT
      DT = 0.1D0
      DO 5 I = 1, N
         T(I) = T0(I)
    5 CONTINUE
      DO 100 K = 1, NT
         CALL SRCNEW(QIN*K/NT - 0.2D0, S, *30, *40)
         GO TO 50
   30    S = 0.5D0*QIN
         GO TO 50
   40    S = 0.D0
   50    CONTINUE
         DO 60 I = 1, N
            A(I) = -KAPPA*DT
            B(I) = 1.D0 + 2.D0*KAPPA*DT
            C(I) = -KAPPA*DT
            R(I) = T(I) + DT*S*T(I)/(1.D0 + T(I)**2)
   60    CONTINUE
         IF (K .EQ. 3) B(1) = 0.D0
         CALL TRIDAG(A, B, C, R, T, N, *80)
         GO TO 100
C        Zero pivot: an explicit step instead
   80    DO 90 I = 2, N-1
            T(I) = R(I) + KAPPA*DT*(T(I+1) - 2.D0*T(I) + T(I-1))
   90    CONTINUE
  100 CONTINUE
      DO 110 I = 1, N
         TEND(I) = T(I)
  110 CONTINUE
      END
