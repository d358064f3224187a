C     An active common-block variable passed between routines: SET
C     writes it, GET reads it.
      SUBROUTINE SET(X)
      DOUBLE PRECISION X, S, T
      COMMON /STATE/ S, T
      S = X*X
      T = 2.0D0
      RETURN
      END

      SUBROUTINE GET(Y)
      DOUBLE PRECISION Y, S, T
      COMMON /STATE/ S, T
      Y = S*T + DEXP(S)
      RETURN
      END

      SUBROUTINE DRIVE(X, Y)
      DOUBLE PRECISION X, Y
      CALL SET(X)
      CALL GET(Y)
      RETURN
      END
