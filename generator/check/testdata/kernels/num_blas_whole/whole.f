      SUBROUTINE DAXPY(N, DA, DX, INCX, DY, INCY)
      INTEGER N, INCX, INCY, I
      DOUBLE PRECISION DA, DX(*), DY(*)
      DO 10 I = 1, N
        DY(1+(I-1)*INCY) = DY(1+(I-1)*INCY) + DA*DX(1+(I-1)*INCX)
   10 CONTINUE
      END

      SUBROUTINE SCALEX(N, T, X)
      INTEGER N, I
      DOUBLE PRECISION T, X(*)
      DO 10 I = 1, N
        X(I) = T*X(I)
   10 CONTINUE
      END

      SUBROUTINE SUB(N, P, X, F)
      INTEGER N, I
      DOUBLE PRECISION P(N), X(*), F
      CALL SCALEX(N, P(1), X)
      DO 10 I = 1, N
        X(I) = SIN(X(I))
   10 CONTINUE
      CALL DAXPY(N, P(2), P, 1, X(1), 1)
      F = 0.0D0
      DO 20 I = 1, N
        F = F + X(I)**2
   20 CONTINUE
      END
