C     LINPACK's Cholesky factorisation as published: DPOFA passes the
C     column A(1,K) of its A(LDA,*) to DDOT.
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

      SUBROUTINE CHOL(N, G, D)
      INTEGER N, INFO, I, J
      DOUBLE PRECISION G(N,N), D
      CALL DPOFA(G, N, N, INFO)
      D = 0.0D0
      DO 20 J = 1, N
        DO 10 I = 1, J
          D = D + G(I,J)**2
   10   CONTINUE
   20 CONTINUE
      END
