      DOUBLE PRECISION FUNCTION DDOT(N, DX, INCX, DY, INCY)
      INTEGER N, INCX, INCY, I
      DOUBLE PRECISION DX(*), DY(*)
      DDOT = 0.0D0
      DO 10 I = 1, N
        DDOT = DDOT + DX(1+(I-1)*INCX)*DY(1+(I-1)*INCY)
   10 CONTINUE
      END

      SUBROUTINE DPOFA(A, LDA, N, INFO)
      INTEGER LDA, N, INFO
      DOUBLE PRECISION A(LDA,*)
      DOUBLE PRECISION DDOT, T, S
      INTEGER J, JM1, K
      DO 30 J = 1, N
        INFO = J
        S = 0.0D0
        JM1 = J - 1
        IF (JM1 .LT. 1) GO TO 20
        DO 10 K = 1, JM1
          T = A(K,J) - DDOT(K-1, A(1,K), 1, A(1,J), 1)
          T = T/A(K,K)
          A(K,J) = T
          S = S + T*T
   10   CONTINUE
   20   CONTINUE
        S = A(J,J) - S
        IF (S .LE. 0.0D0) GO TO 40
        A(J,J) = DSQRT(S)
   30 CONTINUE
      INFO = 0
   40 CONTINUE
      END

      SUBROUTINE DPOSL(A, LDA, N, B)
      INTEGER LDA, N
      DOUBLE PRECISION A(LDA,*), B(*)
      DOUBLE PRECISION DDOT, T
      INTEGER K, KB
      DO 10 K = 1, N
        T = DDOT(K-1, A(1,K), 1, B(1), 1)
        B(K) = (B(K) - T)/A(K,K)
   10 CONTINUE
      DO 20 KB = 1, N
        K = N + 1 - KB
        B(K) = B(K)/A(K,K)
        T = -B(K)
        CALL DAXPY(K-1, T, A(1,K), 1, B(1), 1)
   20 CONTINUE
      END

      SUBROUTINE DAXPY(N, DA, DX, INCX, DY, INCY)
      INTEGER N, INCX, INCY, I
      DOUBLE PRECISION DA, DX(*), DY(*)
      DO 10 I = 1, N
        DY(1+(I-1)*INCY) = DY(1+(I-1)*INCY) + DA*DX(1+(I-1)*INCX)
   10 CONTINUE
      END

      SUBROUTINE LSQ(M, N, X, Y, C, RES)
      INTEGER M, N, I, J, INFO
      DOUBLE PRECISION X(M), Y(M), C(N), RES, G(10,10), V(10)
      DOUBLE PRECISION DDOT
      DO 20 J = 1, N
        V(J) = 0.0D0
        DO 10 I = 1, N
          G(I,J) = 0.0D0
   10   CONTINUE
   20 CONTINUE
      DO 50 I = 1, M
        DO 40 J = 1, N
          V(J) = V(J) + X(I)**(J-1)*Y(I)
          DO 30 K = 1, N
            G(K,J) = G(K,J) + X(I)**(K-1)*X(I)**(J-1)
   30     CONTINUE
   40   CONTINUE
   50 CONTINUE
      CALL DPOFA(G, 10, N, INFO)
      CALL DPOSL(G, 10, N, V)
      DO 60 J = 1, N
        C(J) = V(J)
   60 CONTINUE
      RES = DDOT(N, C, 1, C, 1)
      END
