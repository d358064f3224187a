C     A common-block variable as an independent, F77 style.
      SUBROUTINE CMB(X, Y)
      DOUBLE PRECISION X, Y, A, B
      COMMON /COEF/ A, B
      Y = A*X*X + B*DSIN(A*X)
      RETURN
      END
