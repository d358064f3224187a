C     ------------------------------------------------------------------
C     HILBERT MATRIX PRODUCTS AND POWER ITERATION.
C     NESTED LABELLED DO LOOPS THAT SHARE ONE TERMINAL STATEMENT,
C     INTEGER*4 AND REAL*8 DECLARATIONS.
C     ------------------------------------------------------------------
      PROGRAM MATMUL77
      INTEGER*4 N
      PARAMETER (N = 4)
      REAL*8 A(N,N), B(N,N), C(N,N), V(N), W(N)
      REAL*8 TRACE, FROB, RLAM, RNORM
      INTEGER*4 I, J, K, IT
C     TWO LOOPS SHARING A TERMINAL ASSIGNMENT STATEMENT
      DO 10 I = 1, N
      DO 10 J = 1, N
   10 A(I,J) = 1.0D0 / DBLE(I + J - 1)
C     TWO LOOPS SHARING A TERMINAL CONTINUE
      DO 20 J = 1, N
         DO 20 I = 1, N
            B(I,J) = 0.0D0
            IF (I .EQ. J) B(I,J) = 2.0D0
            IF (I .EQ. J + 1) B(I,J) = -1.0D0
   20 CONTINUE
C     THREE LOOPS SHARING A TERMINAL ASSIGNMENT
      DO 30 I = 1, N
         DO 30 J = 1, N
            C(I,J) = 0.0D0
            DO 30 K = 1, N
   30 C(I,J) = C(I,J) + A(I,K) * B(K,J)
      WRITE (6, 100)
      DO 40 I = 1, N
         WRITE (6, 110) (C(I,J), J = 1, N)
   40 CONTINUE
      TRACE = 0.0D0
      FROB = 0.0D0
      DO 50 I = 1, N
         TRACE = TRACE + C(I,I)
         DO 50 J = 1, N
            FROB = FROB + C(I,J)**2
   50 CONTINUE
      WRITE (6, 120) TRACE, SQRT(FROB)
C     POWER ITERATION FOR THE LARGEST EIGENVALUE OF THE HILBERT MATRIX
      DO 60 I = 1, N
   60 V(I) = 1.0D0
      DO 90 IT = 1, 30
         DO 70 I = 1, N
            W(I) = 0.0D0
            DO 70 J = 1, N
               W(I) = W(I) + A(I,J) * V(J)
   70    CONTINUE
         RNORM = 0.0D0
         DO 80 I = 1, N
   80    RNORM = RNORM + W(I)**2
         RNORM = SQRT(RNORM)
         RLAM = 0.0D0
         DO 90 I = 1, N
            RLAM = RLAM + V(I) * W(I)
            V(I) = W(I) / RNORM
   90 CONTINUE
      WRITE (6, 130) RLAM, (V(I), I = 1, N)
  100 FORMAT (' C = HILBERT(4) * B:')
  110 FORMAT (4F14.8)
  120 FORMAT (' TRACE =', F14.8, '  FROBENIUS =', F14.8)
  130 FORMAT (' LAMBDA MAX =', F16.12 / ' VECTOR =', 4F12.8)
      END
