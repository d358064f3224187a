      INTEGER FUNCTION IDAMAX(N, DX, INCX)
      INTEGER N, INCX, I, IX
      DOUBLE PRECISION DX(*), DMAX
      IDAMAX = 0
      IF (N .LT. 1) RETURN
      IDAMAX = 1
      IF (N .EQ. 1) RETURN
      DMAX = DABS(DX(1))
      DO 10 I = 2, N
        IX = 1 + (I-1)*INCX
        IF (DABS(DX(IX)) .LE. DMAX) GO TO 10
        IDAMAX = I
        DMAX = DABS(DX(IX))
   10 CONTINUE
      END

      SUBROUTINE DSCAL(N, DA, DX, INCX)
      INTEGER N, INCX, I
      DOUBLE PRECISION DA, DX(*)
      IF (N .LE. 0) RETURN
      DO 10 I = 1, N
        DX(1+(I-1)*INCX) = DA*DX(1+(I-1)*INCX)
   10 CONTINUE
      END

      SUBROUTINE DAXPY(N, DA, DX, INCX, DY, INCY)
      INTEGER N, INCX, INCY, I
      DOUBLE PRECISION DA, DX(*), DY(*)
      IF (N .LE. 0) RETURN
      IF (DA .EQ. 0.0D0) RETURN
      DO 10 I = 1, N
        DY(1+(I-1)*INCY) = DY(1+(I-1)*INCY) + DA*DX(1+(I-1)*INCX)
   10 CONTINUE
      END

      SUBROUTINE DGEFA(A, LDA, N, IPVT, INFO)
      INTEGER LDA, N, IPVT(*), INFO
      DOUBLE PRECISION A(LDA,*)
      DOUBLE PRECISION T
      INTEGER IDAMAX, J, K, KP1, L, NM1
      INFO = 0
      NM1 = N - 1
      IF (NM1 .LT. 1) GO TO 70
      DO 60 K = 1, NM1
         KP1 = K + 1
         L = IDAMAX(N-K+1, A(K,K), 1) + K - 1
         IPVT(K) = L
         IF (A(L,K) .EQ. 0.0D0) GO TO 40
            IF (L .EQ. K) GO TO 10
               T = A(L,K)
               A(L,K) = A(K,K)
               A(K,K) = T
   10       CONTINUE
            T = -1.0D0/A(K,K)
            CALL DSCAL(N-K, T, A(K+1,K), 1)
            DO 30 J = KP1, N
               T = A(L,J)
               IF (L .EQ. K) GO TO 20
                  A(L,J) = A(K,J)
                  A(K,J) = T
   20          CONTINUE
               CALL DAXPY(N-K, T, A(K+1,K), 1, A(K+1,J), 1)
   30       CONTINUE
         GO TO 50
   40    CONTINUE
            INFO = K
   50    CONTINUE
   60 CONTINUE
   70 CONTINUE
      IPVT(N) = N
      IF (A(N,N) .EQ. 0.0D0) INFO = N
      END

      SUBROUTINE DGESL(A, LDA, N, IPVT, B, JOB)
      INTEGER LDA, N, IPVT(*), JOB
      DOUBLE PRECISION A(LDA,*), B(*)
      DOUBLE PRECISION T
      INTEGER K, KB, L, NM1
      NM1 = N - 1
      IF (NM1 .LT. 1) GO TO 30
      DO 20 K = 1, NM1
         L = IPVT(K)
         T = B(L)
         IF (L .EQ. K) GO TO 10
            B(L) = B(K)
            B(K) = T
   10    CONTINUE
         CALL DAXPY(N-K, T, A(K+1,K), 1, B(K+1), 1)
   20 CONTINUE
   30 CONTINUE
      DO 40 KB = 1, N
         K = N + 1 - KB
         B(K) = B(K)/A(K,K)
         T = -B(K)
         CALL DAXPY(K-1, T, A(1,K), 1, B(1), 1)
   40 CONTINUE
      END

C     Steady heat balance of N cells with a conductance matrix that
C     depends on the cell temperatures' coefficients C: assemble, factor
C     with partial pivoting, solve, and report the mean temperature.
      SUBROUTINE HEAT(N, C, Q, T, TMEAN)
      INTEGER N, I, J, INFO, IPVT(8)
      DOUBLE PRECISION C(N), Q(N), T(N), TMEAN, A(8,8)
      DO 20 J = 1, N
        DO 10 I = 1, N
          A(I,J) = 0.1D0*C(I)*C(J)/DBLE(I+J)
   10   CONTINUE
        A(J,J) = A(J,J) + 2.0D0 + C(J)
        T(J) = Q(J)
   20 CONTINUE
      A(1,N) = A(1,N) - 1.5D0*C(1)
      CALL DGEFA(A, 8, N, IPVT, INFO)
      CALL DGESL(A, 8, N, IPVT, T, 0)
      TMEAN = 0.0D0
      DO 30 I = 1, N
        TMEAN = TMEAN + T(I)/DBLE(N)
   30 CONTINUE
      END
