C     Entry points into legacy loops built from GO TO: GROW scales X and
C     jumps back into the loop of its host HALVE (label 10, closed by
C     IF ... GO TO 10), so its procedure starts with a GO TO to the code
C     after the ENTRY, which the restructuring puts in order before it
C     makes the loop a DO construct.  G, an entry of the function F whose
C     code assigns F's result variable, is a target of its own.
      SUBROUTINE HALVE(X, Y)
      DOUBLE PRECISION X, Y
   10 X = X*0.5D0 + 0.1D0*SIN(Y)
      Y = Y + X*X
      IF (X .GT. 1.0D0) GO TO 10
      RETURN
      ENTRY GROW(X, Y)
      X = X*(3.0D0 + Y*Y)
      GO TO 10
      END

      DOUBLE PRECISION FUNCTION F(X)
      DOUBLE PRECISION X, G
      F = X**2
      RETURN
      ENTRY G(X)
      F = SIN(X)*X
      END
