C     One routine applying two models passed as EXTERNAL arguments
      SUBROUTINE F1(X, Y)
      DOUBLE PRECISION X, Y
      Y = X**2
      END
      SUBROUTINE F2(X, Y)
      DOUBLE PRECISION X, Y
      Y = DSIN(X)
      END
      SUBROUTINE APPLY(F, X, Y)
      EXTERNAL F
      DOUBLE PRECISION X, Y
      CALL F(X, Y)
      END
      SUBROUTINE TOP(X, C)
      EXTERNAL F1, F2
      DOUBLE PRECISION X, C, A, B
      CALL APPLY(F1, X, A)
      CALL APPLY(F2, X, B)
      C = A + B
      END
