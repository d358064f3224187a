C     Assigned GO TO, F77 style (deleted in Fortran 95, still in legacy
C     codes): with a list of labels inside a loop, and without one.
      SUBROUTINE AG(X, Y, N)
      INTEGER N, I, L
      DOUBLE PRECISION X(N), Y
      Y = 0.0D0
      DO 30 I = 1, N
         IF (X(I) .GT. 0.5D0) THEN
            ASSIGN 10 TO L
         ELSE
            ASSIGN 20 TO L
         END IF
         GO TO L, (10, 20)
   10    Y = Y + X(I)**2
         GO TO 30
   20    Y = Y + DSIN(X(I))
   30 CONTINUE
      ASSIGN 40 TO L
      GO TO L
   40 Y = Y*Y
      END
