C     F77 specific intrinsics of double precision: DEXP, DCOS, DSIN,
C     DATAN, DTANH, DMAX1, DMIN1, DSIGN, DMOD, DBLE, and implicit typing.
      SUBROUTINE F77I(X, Y, Z)
      IMPLICIT DOUBLE PRECISION (A-H, O-Z)
      T = DEXP(X)*DCOS(Y) + DSIN(X*Y) + DATAN(X/Y) + DTANH(Y)
      T = T + DMAX1(X, Y, 0.1D0)*DMIN1(X, 2.0D0*Y)
      T = T + DSIGN(X, Y - 0.5D0) + DMOD(7.0D0*X, 0.9D0)
      K = 3
      Z = T*DBLE(K) + X**K
      RETURN
      END
