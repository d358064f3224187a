C     F77 fixed form: labelled DO loops, DOUBLE PRECISION, specific
C     intrinsics (DSQRT, DABS, DLOG).
      SUBROUTINE F77K(X, Y, N)
      INTEGER N, I, J
      DOUBLE PRECISION X(N), Y, T
      Y = 0.0D0
      DO 20 I = 1, N
         T = X(I)
         DO 10 J = 1, 3
            T = T*X(I) + DSQRT(DABS(T)) + 1.0D0
   10    CONTINUE
         IF (T .GT. 10.0D0) THEN
            Y = Y + DLOG(T)
         ELSE
            Y = Y + T
         END IF
   20 CONTINUE
      RETURN
      END
