C     Forward GO TO inside a routine, F77 style.
      SUBROUTINE GOF(X, Y, N)
      INTEGER N, I
      DOUBLE PRECISION X(N), Y
      Y = 0.0D0
      DO 20 I = 1, N
         IF (X(I) .GT. 0.5D0) GO TO 15
         Y = Y + X(I)*X(I)
         GO TO 20
   15    Y = Y + DLOG(X(I)) + 1.0D0
   20 CONTINUE
      IF (Y .LT. 1.0D0) GO TO 30
      Y = DSQRT(Y)
   30 CONTINUE
      RETURN
      END
