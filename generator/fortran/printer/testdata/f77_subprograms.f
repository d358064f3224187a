* F77 subprograms: adjustable and assumed-size arrays, functions of
* every type, labelled block IF, loops ending on IF and GO TO.
      SUBROUTINE SAXPY(N, A, X, INCX, Y, INCY)
      INTEGER N, INCX, INCY, I, IX, IY
      REAL A, X(*), Y(*)
      IF (N .LE. 0) RETURN
      IX = 1
      IY = 1
      DO 10 I = 1, N
         Y(IY) = Y(IY) + A*X(IX)
         IX = IX + INCX
   10 IY = IY + INCY
      RETURN
      END

      SUBROUTINE MATSET(A, LDA, M, N)
      INTEGER LDA, M, N, I, J
      DOUBLE PRECISION A(LDA, N)
      DO 20 J = 1, N
         DO 20 I = 1, M
   20       IF (I .EQ. J) A(I, J) = 1.0D0
      END

      LOGICAL FUNCTION ISPOS(X)
      REAL X
      ISPOS = X .GT. 0.0
      END

      INTEGER FUNCTION ISUM(K, N)
      INTEGER N, K(N), I
      ISUM = 0
      DO 30 I = 1, N
         ISUM = ISUM + K(I)
         IF (ISUM .GT. 1000) GO TO 40
   30 CONTINUE
   40 RETURN
      END

      REAL FUNCTION HORNER(C, N, X)
      INTEGER N, I
      REAL C(0:N), X
      HORNER = C(N)
      DO 50 I = N - 1, 0, -1
   50 HORNER = HORNER*X + C(I)
      END

      PROGRAM MAIN
      LOGICAL ISPOS
      INTEGER ISUM, K(4)
      REAL HORNER, X(3), Y(3), C(0:2)
      DOUBLE PRECISION A(3, 3)
      DATA K /1, 2, 3, 4/, X /3*1.0/, Y /1.0, 2.0, 3.0/
      DATA C /1.0, 2.0, 3.0/
      CALL SAXPY(3, 2.0, X, 1, Y, 1)
      CALL MATSET(A, 3, 3, 3)
      IF (ISPOS(Y(1))) THEN
         IF (ISUM(K, 4) .EQ. 10) THEN
            WRITE (6, *) 'SUM OK'
         ELSE
            WRITE (6, *) 'SUM BAD'
         ENDIF
      ENDIF
      WRITE (6, *) Y, A(1,1), HORNER(C, 2, 2.0)
      END
