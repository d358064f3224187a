C     A passive setup routine of F77 style that resets a coefficient in
C     a common block and a work variable passed to it: both are read by
C     the adjoint of earlier statements, so the forward sweep records
C     them before the call (one stack, popped in the reverse order), and
C     their derivatives are zeroed after it in both modes.
      SUBROUTINE SETUP(W)
      DOUBLE PRECISION W
      DOUBLE PRECISION C, D
      COMMON /COEF/ C, D
      C = 1.5D0
      D = 0.5D0
      W = 2.0D0
      END

      SUBROUTINE MODEL(X, Y, N)
      INTEGER N, I
      DOUBLE PRECISION X(N), Y
      DOUBLE PRECISION C, D, W
      COMMON /COEF/ C, D
      Y = 0.0D0
      DO 10 I = 1, N
        C = X(I)**2
        W = SIN(X(I))
        Y = Y + C*W*X(I)
        CALL SETUP(W)
        Y = Y + C*X(I) + W*D*X(I)
   10 CONTINUE
      END
