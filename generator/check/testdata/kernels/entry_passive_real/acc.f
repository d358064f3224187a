C     A running sum kept in a SAVEd local with a CHARACTER status word,
C     both shared by the entry points: INIT opens the sum, ACC adds to
C     it, GET reads it back only once something was added. The
C     procedures made of ACC's entry points share S and TAG through one
C     block (the CHARACTER status too), as the entry points did.
      SUBROUTINE ACC(X)
      DOUBLE PRECISION X, S
      CHARACTER*4 TAG
      SAVE S, TAG
      S = S + X**2
      TAG = 'acc '
      RETURN
      ENTRY INIT(X)
      S = X
      TAG = 'open'
      RETURN
      ENTRY GET(X)
      IF (TAG .EQ. 'acc ') THEN
         X = S
      ELSE
         X = 0.0D0
      END IF
      END
      SUBROUTINE RUN(A, R)
      DOUBLE PRECISION A, R, Z
      CALL INIT(0.0D0)
      CALL GET(Z)
      CALL ACC(-Z)
      CALL ACC(A)
      CALL ACC(2.0D0*A)
      CALL GET(R)
      R = R*A
      END
