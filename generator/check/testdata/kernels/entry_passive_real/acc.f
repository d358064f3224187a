C     A running sum kept in a SAVEd local and read back through an
C     ENTRY: the procedures made of ACC's entry points would each have
C     their own S, so a derivative through it would be silently zero.
C     The target reaches them only through passive-looking calls; fadj
C     rejects it at S all the same.
      SUBROUTINE ACC(X)
      DOUBLE PRECISION X, S
      CHARACTER*4 TAG
      SAVE S, TAG
      S = S + X**2
      TAG = 'acc '
      RETURN
      ENTRY GET(X)
      X = S
      END
      SUBROUTINE RUN(A, R)
      DOUBLE PRECISION A, R, Z
      Z = 0.0D0
      CALL GET(Z)
      CALL ACC(-Z)
      CALL ACC(A)
      CALL ACC(2.0D0*A)
      CALL GET(R)
      END
