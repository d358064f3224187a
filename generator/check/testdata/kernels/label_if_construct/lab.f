C     Labelled IF constructs, as F77 codes write them, in a binomially
C     checkpointed loop: 20 is the target of a forward GO TO, 30 of a
C     backward one (a loop over the observations due). The label the
C     construct's first branch repeats was printed again: on the IF
C     beside the CONTINUE its label moved to, and in each copy of the
C     step ("Duplicate statement label").
      SUBROUTINE LABIF(N, NOB, X, Y)
      IMPLICIT NONE
      INTEGER N, NOB, I, K
      DOUBLE PRECISION X(N), Y, T
      Y = 0.0D0
      K = 1
      DO 100 I = 1, N
        T = X(I)
        IF (T .LT. 0.2D0) GOTO 20
        Y = Y + T*T
        T = SIN(T)
   20   IF (T .GT. 0.1D0) THEN
          Y = Y*T + X(I)
        ELSE
          Y = Y - T
        END IF
   30   IF (K .LE. NOB .AND. K .LE. I) THEN
          Y = Y + 0.5D0*X(K)**2
          K = K + 2
          GOTO 30
        END IF
  100 CONTINUE
      END
