C     A normalisation routine passing an element of its assumed-size
C     dummy to the reference DDOT (a FUNCTION reading X(1..N)).
      DOUBLE PRECISION FUNCTION DDOT(N, DX, INCX, DY, INCY)
      INTEGER N, INCX, INCY, I
      DOUBLE PRECISION DX(*), DY(*)
      DDOT = 0.0D0
      DO 10 I = 1, N
         DDOT = DDOT + DX(1+(I-1)*INCX)*DY(1+(I-1)*INCY)
   10 CONTINUE
      END
      SUBROUTINE NRM(N, X)
      INTEGER N, I
      DOUBLE PRECISION X(*), S, DDOT
      X(1) = X(1)**2
      S = SQRT(DDOT(N, X(1), 1, X(1), 1))
      DO 20 I = 1, 2
         X(I) = X(I)/S
   20 CONTINUE
      END
      SUBROUTINE TOP(N, X)
      INTEGER N
      DOUBLE PRECISION X(N)
      CALL NRM(N, X)
      X(3) = X(3)*X(1)
      END
