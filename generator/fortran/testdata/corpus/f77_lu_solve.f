C     ------------------------------------------------------------------
C     LU DECOMPOSITION WITH PARTIAL PIVOTING (DOOLITTLE, IN PLACE),
C     FORWARD/BACK SUBSTITUTION, DETERMINANT AND ITERATIVE REFINEMENT.
C     ADJUSTABLE ARRAYS A(LDA,*), DOUBLE PRECISION, CONTINUATION LINES
C     MARKED WITH '$', '1', '2' AND '+' IN COLUMN 6.
C     ------------------------------------------------------------------
      PROGRAM LUSOLV
      INTEGER LDA, N
      PARAMETER (LDA = 6, N = 4)
      DOUBLE PRECISION A(LDA,LDA), ALU(LDA,LDA), B(LDA), X(LDA),
     $                 R(LDA), DX(LDA), DET
      INTEGER IPIV(LDA), I, J, INFO, ITER
      DATA ((A(I,J), J = 1, 4), I = 1, 4) /
     1     2.0D0,  1.0D0,  1.0D0,  0.0D0,
C     ...COMMENT LINES MAY APPEAR BETWEEN CONTINUATION LINES
*     (ROWS ARE GIVEN IN ROW ORDER THANKS TO THE NESTED IMPLIED DO)
     2     4.0D0,  3.0D0,  3.0D0,  1.0D0,
     3     8.0D0,  7.0D0,  9.0D0,  5.0D0,
     4     6.0D0,  7.0D0,  9.0D0,  8.0D0 /
      DATA (B(I), I = 1, 4) / 1.0D0, 2.0D0, 3.0D0, 4.0D0 /
      DO 10 J = 1, N
         DO 10 I = 1, N
            ALU(I,J) = A(I,J)
   10 CONTINUE
      CALL LUDCMP(ALU, LDA, N, IPIV, INFO)
      IF (INFO .NE. 0) THEN
         WRITE (6, *) 'SINGULAR MATRIX, INFO =', INFO
         STOP
      END IF
      WRITE (6, 100) (IPIV(I), I = 1, N)
      DO 20 I = 1, N
         WRITE (6, 110) (ALU(I,J), J = 1, N)
   20 CONTINUE
C     DETERMINANT FROM THE DIAGONAL AND THE PIVOT SIGN
      DET = 1.0D0
      DO 30 I = 1, N
         DET = DET * ALU(I,I)
         IF (IPIV(I) .NE. I) DET = -DET
   30 CONTINUE
      WRITE (6, 120) DET
      DO 40 I = 1, N
   40 X(I) = B(I)
      CALL LUSOL(ALU, LDA, N, IPIV, X)
C     TWO STEPS OF ITERATIVE REFINEMENT: R = B - A*X, SOLVE A*DX = R
      DO 70 ITER = 1, 2
         DO 60 I = 1, N
            R(I) = B(I)
            DO 50 J = 1, N
               R(I) = R(I) -
     +                A(I,J) * X(J)
   50       CONTINUE
            DX(I) = R(I)
   60    CONTINUE
         CALL LUSOL(ALU, LDA, N, IPIV, DX)
         DO 65 I = 1, N
   65    X(I) = X(I) + DX(I)
   70 CONTINUE
      WRITE (6, 130) (X(I), I = 1, N)
  100 FORMAT (' PIVOTS:', 4I3)
  110 FORMAT (4F12.6)
  120 FORMAT (' DET =', F12.6)
  130 FORMAT (' X =', 4F14.9)
      END
C
      SUBROUTINE LUDCMP(A, LDA, N, IPIV, INFO)
      INTEGER LDA, N, IPIV(*), INFO, I, J, K, IP
      DOUBLE PRECISION A(LDA,*), T, PMAX
      INFO = 0
      DO 50 K = 1, N
C        FIND THE PIVOT ROW
         IP = K
         PMAX = ABS(A(K,K))
         DO 10 I = K + 1, N
            IF (ABS(A(I,K)) .GT. PMAX) THEN
               PMAX = ABS(A(I,K))
               IP = I
            END IF
   10    CONTINUE
         IPIV(K) = IP
         IF (PMAX .EQ. 0.0D0) THEN
            INFO = K
            RETURN
         END IF
         IF (IP .NE. K) THEN
            DO 20 J = 1, N
               T = A(K,J)
               A(K,J) = A(IP,J)
               A(IP,J) = T
   20       CONTINUE
         END IF
         DO 40 I = K + 1, N
            A(I,K) = A(I,K) / A(K,K)
            DO 30 J = K + 1, N
               A(I,J) = A(I,J) - A(I,K) * A(K,J)
   30       CONTINUE
   40    CONTINUE
   50 CONTINUE
      END
C
      SUBROUTINE LUSOL(A, LDA, N, IPIV, B)
      INTEGER LDA, N, IPIV(*), I, J
      DOUBLE PRECISION A(LDA,*), B(*), T
C     APPLY THE ROW INTERCHANGES
      DO 10 I = 1, N
         IF (IPIV(I) .NE. I) THEN
            T = B(I)
            B(I) = B(IPIV(I))
            B(IPIV(I)) = T
         END IF
   10 CONTINUE
C     FORWARD SUBSTITUTION WITH UNIT LOWER TRIANGLE
      DO 30 I = 2, N
         DO 20 J = 1, I - 1
            B(I) = B(I) - A(I,J) * B(J)
   20    CONTINUE
   30 CONTINUE
C     BACK SUBSTITUTION, RUNNING BACKWARDS
      DO 50 I = N, 1, -1
         DO 40 J = I + 1, N
            B(I) = B(I) - A(I,J) * B(J)
   40    CONTINUE
         B(I) = B(I) / A(I,I)
   50 CONTINUE
      RETURN
      END
