C     ------------------------------------------------------------------
C     JACOBI ITERATION FOR A DIAGONALLY DOMINANT TRIDIAGONAL SYSTEM.
C     CLASSIC F77: IMPLICIT TYPING (I-N INTEGER, OTHERS REAL),
C     PARAMETER AND DIMENSION STATEMENTS, LABELLED DO LOOPS, GO TO,
C     FORMAT STATEMENTS AND SEQUENCE NUMBERS IN COLUMNS 73-80.
C     ------------------------------------------------------------------
      PROGRAM JACOBI                                                    JACB0010
      PARAMETER (N=6, MAXIT=200)                                        JACB0020
      DIMENSION A(N,N), B(N), X(N), XNEW(N)                             JACB0030
      TOL = 1.0E-6
C     BUILD THE MATRIX: 4 ON THE DIAGONAL, -1 ON THE OFF-DIAGONALS
      DO 20 I = 1, N
         DO 10 J = 1, N
            A(I,J) = 0.0
   10    CONTINUE
         A(I,I) = 4.0
         IF (I .GT. 1) A(I,I-1) = -1.0
         IF (I .LT. N) A(I,I+1) = -1.0
         B(I) = REAL(I)
         X(I) = 0.0
   20 CONTINUE
      ITER = 0
C     MAIN ITERATION, A LOOP BUILT FROM A LABEL AND A CONDITIONAL GO TO
   30 CONTINUE
      ITER = ITER + 1
      DO 50 I = 1, N
         S = B(I)
         DO 40 J = 1, N
            IF (J .NE. I) S = S - A(I,J)*X(J)                           JACB0100
   40    CONTINUE
         XNEW(I) = S / A(I,I)
   50 CONTINUE
      ERR = 0.0
      DO 60 I = 1, N
         ERR = MAX(ERR, ABS(XNEW(I) - X(I)))
         X(I) = XNEW(I)
   60 CONTINUE
      IF (ERR .GT. TOL .AND. ITER .LT. MAXIT) GO TO 30
      WRITE (6, 100) ITER
      WRITE (6, 110) (I, X(I), I = 1, N)
C     RESIDUAL CHECK; THE INNER LOOP ENDS ON AN ASSIGNMENT, NOT CONTINUE
      RES = 0.0                                                         +1.0E+05
      DO 80 I = 1, N
      S = -B(I)
      DO 70 J = 1, N
   70 S = S + A(I,J)*X(J)
      RES = RES + S*S
   80 CONTINUE
      WRITE (6, 120) SQRT(RES) .LT. 1.0E-4                              JACB0200
      WRITE (6, 130) ERR .LE. TOL, MAXIT
  100 FORMAT (' JACOBI CONVERGED AFTER ', I4, ' ITERATIONS')
  110 FORMAT (' X(', I2, ') = ', F12.7)
  120 FORMAT (' RESIDUAL SMALL: ', L1)
  130 FORMAT (' TOLERANCE MET: ', L1, ' (LIMIT ', I4, ')')
      STOP                                                              JACB0300
      END
