      DOUBLE PRECISION FUNCTION DDOT(N, DX, INCX, DY, INCY)
      INTEGER N, INCX, INCY, I
      DOUBLE PRECISION DX(*), DY(*)
      DDOT = 0.0D0
      IF (N .LE. 0) RETURN
      DO 10 I = 1, N
        DDOT = DDOT + DX(1+(I-1)*INCX)*DY(1+(I-1)*INCY)
   10 CONTINUE
      END

      SUBROUTINE DCOPY(N, DX, INCX, DY, INCY)
      INTEGER N, INCX, INCY, I
      DOUBLE PRECISION DX(*), DY(*)
      DO 10 I = 1, N
        DY(1+(I-1)*INCY) = DX(1+(I-1)*INCX)
   10 CONTINUE
      END

      SUBROUTINE DSCAL(N, DA, DX, INCX)
      INTEGER N, INCX, I
      DOUBLE PRECISION DA, DX(*)
      DO 10 I = 1, N
        DX(1+(I-1)*INCX) = DA*DX(1+(I-1)*INCX)
   10 CONTINUE
      END

C     Gauss-Seidel sweeps on A X = B, row I of A read with stride LDA
      SUBROUTINE GSEID(A, LDA, N, B, X, NSWEEP)
      INTEGER LDA, N, NSWEEP, I, K
      DOUBLE PRECISION A(LDA,*), B(*), X(*), DDOT, S
      DO 20 K = 1, NSWEEP
        DO 10 I = 1, N
          S = DDOT(N, A(I,1), LDA, X(1), 1) - A(I,I)*X(I)
          X(I) = (B(I) - S)/A(I,I)
   10   CONTINUE
        CALL DSCAL(N, 0.9D0, X(1), 1)
   20 CONTINUE
      END

      SUBROUTINE RUN(N, P, R, F)
      INTEGER N, I, J
      DOUBLE PRECISION P(N), R(N), F, A(6,6), X(6), W(12), DDOT
      DO 20 J = 1, N
        DO 10 I = 1, N
          A(I,J) = 0.2D0*P(I)*P(J)/DBLE(I+J)
   10   CONTINUE
        A(J,J) = 4.0D0 + P(J)
   20 CONTINUE
      CALL DCOPY(N, R, 1, W(2), 2)
      CALL DCOPY(N, W(2), 2, X, 1)
      CALL GSEID(A, 6, N, R, X, 3)
      F = DDOT(N, X, 1, X, 1) + X(N)*P(1)
      END
