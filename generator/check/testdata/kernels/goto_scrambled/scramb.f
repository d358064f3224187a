C     Straight-line code scrambled by GO TOs, as code translators and old
C     editors leave it: each block jumps to the next one placed above it
C     (backward GO TOs that are no loop), a GO TO to the next statement,
C     and a label-and-GO-TO loop in the middle.
      SUBROUTINE SCRAMB(X, Y, N)
      INTEGER N, I
      DOUBLE PRECISION X(N), Y, T
      GO TO 100
  300 Y = Y + T*X(2)
      GO TO 400
  200 T = SIN(Y)*X(1)
      I = 1
  210 T = T + X(I)**2
      I = I + 1
      IF (I .LE. N) GO TO 210
      GO TO 300
  100 Y = X(1)*X(N)
      GO TO 150
  150 Y = Y + COS(X(2))
      GO TO 200
  400 Y = Y*T
      RETURN
      END
