C     Alternate returns in a subroutine with an entry point, as F77
C     error handling does it: RETURN k takes the k-th alternate return
C     of the entry point called (CLIP's second, *20 in DRIVE), as in its
C     procedure.  Both modes: the calls become calls of copies with a
C     status argument and forward jumps (sema/legacy_altret.go).
      SUBROUTINE CHECKX(X, *)
      DOUBLE PRECISION X
      X = X*(1.0D0 - 0.1D0*X)
      IF (X .LT. -10.0D0) RETURN 1
      RETURN
      ENTRY CLIP(X, *, *)
      X = X*X + 1.0D0
      IF (X .GT. 1.0D0) RETURN 2
      X = 0.5D0*X
      END

      SUBROUTINE DRIVE(X, Y)
      DOUBLE PRECISION X, Y
      Y = SIN(X)
      CALL CHECKX(Y, *10)
      CALL CLIP(Y, *10, *20)
      Y = Y + 1.0D0
   10 CONTINUE
      Y = 2.0D0*Y
   20 CONTINUE
      Y = Y*X
      END
