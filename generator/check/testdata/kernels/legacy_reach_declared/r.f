C     A relaxation routine on an assumed-size work vector, passing it to
C     helpers that declare it with its extent (X(N)) and use array
C     syntax, and to one that passes it further down.
      SUBROUTINE HALVE(N, Y)
      INTEGER N
      DOUBLE PRECISION Y(N)
      Y = 0.5D0*Y**2
      END
      SUBROUTINE SHIFT(N, Y)
      INTEGER N
      DOUBLE PRECISION Y(*)
      CALL HALVE(N-1, Y(2))
      END
      SUBROUTINE RELAX(N, X)
      INTEGER N
      DOUBLE PRECISION X(*)
      CALL HALVE(N, X)
      CALL SHIFT(N, X)
      X(1) = X(1)*X(N)
      END
      SUBROUTINE TOP(N, X, F)
      INTEGER N, I
      DOUBLE PRECISION X(N), F
      CALL RELAX(N, X)
      F = 0.0D0
      DO 10 I = 1, N
         F = F + X(I)**2
   10 CONTINUE
      END
C     The same, reversed split.
      SUBROUTINE TOPS(N, X, F)
      INTEGER N, I
      DOUBLE PRECISION X(N), F
      CALL RELAX(N, X)
      F = 0.0D0
      DO 10 I = 1, N
         F = F + X(I)**2
   10 CONTINUE
      END
