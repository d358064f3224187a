      SUBROUTINE DAXPY(N, DA, DX, INCX, DY, INCY)
      INTEGER N, INCX, INCY
      DOUBLE PRECISION DA, DX(*), DY(*)
      INTEGER I, IX, IY, M, MP1
      IF (N .LE. 0) RETURN
      IF (DA .EQ. 0.0D0) RETURN
      IF (INCX .EQ. 1 .AND. INCY .EQ. 1) GO TO 20
      IX = 1
      IY = 1
      IF (INCX .LT. 0) IX = (-N+1)*INCX + 1
      IF (INCY .LT. 0) IY = (-N+1)*INCY + 1
      DO 10 I = 1, N
        DY(IY) = DY(IY) + DA*DX(IX)
        IX = IX + INCX
        IY = IY + INCY
   10 CONTINUE
      RETURN
   20 M = MOD(N, 4)
      IF (M .EQ. 0) GO TO 40
      DO 30 I = 1, M
        DY(I) = DY(I) + DA*DX(I)
   30 CONTINUE
      IF (N .LT. 4) RETURN
   40 MP1 = M + 1
      DO 50 I = MP1, N, 4
        DY(I) = DY(I) + DA*DX(I)
        DY(I+1) = DY(I+1) + DA*DX(I+1)
        DY(I+2) = DY(I+2) + DA*DX(I+2)
        DY(I+3) = DY(I+3) + DA*DX(I+3)
   50 CONTINUE
      RETURN
      END

      SUBROUTINE DGEMV(M, N, ALPHA, A, LDA, X, BETA, Y)
C     Y := ALPHA*A*X + BETA*Y (no transpose, unit increments)
      INTEGER M, N, LDA
      DOUBLE PRECISION ALPHA, BETA, A(LDA,*), X(*), Y(*)
      INTEGER I, J
      DOUBLE PRECISION TEMP
      IF (BETA .NE. 1.0D0) THEN
        DO 10 I = 1, M
          Y(I) = BETA*Y(I)
   10   CONTINUE
      END IF
      DO 30 J = 1, N
        TEMP = ALPHA*X(J)
        DO 20 I = 1, M
          Y(I) = Y(I) + TEMP*A(I,J)
   20   CONTINUE
   30 CONTINUE
      END

      INTEGER FUNCTION IDAMAX(N, DX, INCX)
      INTEGER N, INCX, I, IX
      DOUBLE PRECISION DX(*), DMAX
      IDAMAX = 0
      IF (N .LT. 1) RETURN
      IDAMAX = 1
      DMAX = DABS(DX(1))
      IX = 1 + INCX
      DO 10 I = 2, N
        IF (DABS(DX(IX)) .GT. DMAX) THEN
          IDAMAX = I
          DMAX = DABS(DX(IX))
        END IF
        IX = IX + INCX
   10 CONTINUE
      END

      SUBROUTINE DGEFA(A, LDA, N, IPVT, INFO)
      INTEGER LDA, N, IPVT(N), INFO
      DOUBLE PRECISION A(LDA,N)
      DOUBLE PRECISION T
      INTEGER IDAMAX, J, K, KP1, L, NM1
      INFO = 0
      NM1 = N - 1
      DO 60 K = 1, NM1
        KP1 = K + 1
        L = IDAMAX(N-K+1, A(K,K), 1) + K - 1
        IPVT(K) = L
        IF (A(L,K) .EQ. 0.0D0) GO TO 40
        IF (L .EQ. K) GO TO 10
          T = A(L,K)
          A(L,K) = A(K,K)
          A(K,K) = T
   10   CONTINUE
        T = -1.0D0/A(K,K)
        CALL DSCAL(N-K, T, A(K+1,K), 1)
        DO 30 J = KP1, N
          T = A(L,J)
          IF (L .EQ. K) GO TO 20
            A(L,J) = A(K,J)
            A(K,J) = T
   20     CONTINUE
          CALL DAXPY(N-K, T, A(K+1,K), 1, A(K+1,J), 1)
   30   CONTINUE
        GO TO 50
   40   INFO = K
   50   CONTINUE
   60 CONTINUE
      IPVT(N) = N
      IF (A(N,N) .EQ. 0.0D0) INFO = N
      END

      SUBROUTINE DSCAL(N, DA, DX, INCX)
      INTEGER N, INCX, I
      DOUBLE PRECISION DA, DX(*)
      DO 10 I = 1, N
        DX(1+(I-1)*INCX) = DA*DX(1+(I-1)*INCX)
   10 CONTINUE
      END

      SUBROUTINE DGESL(A, LDA, N, IPVT, B)
      INTEGER LDA, N, IPVT(N)
      DOUBLE PRECISION A(LDA,N), B(N)
      DOUBLE PRECISION T
      INTEGER K, KB, L, NM1
      NM1 = N - 1
      DO 20 K = 1, NM1
        L = IPVT(K)
        T = B(L)
        IF (L .EQ. K) GO TO 10
          B(L) = B(K)
          B(K) = T
   10   CONTINUE
        CALL DAXPY(N-K, T, A(K+1,K), 1, B(K+1), 1)
   20 CONTINUE
      DO 40 KB = 1, N
        K = N + 1 - KB
        B(K) = B(K)/A(K,K)
        T = -B(K)
        CALL DAXPY(K-1, T, A(1,K), 1, B(1), 1)
   40 CONTINUE
      END
