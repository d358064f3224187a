C     A legacy implicit diffusion step: the three diagonals of the
C     system live in one work array through EQUIVALENCE (A, B, C are
C     WORK's thirds), the right-hand side shares storage with a 2-D
C     view, and a scalar names one element; the Thomas algorithm then
C     solves the system in place.
      SUBROUTINE IMPL(N, DT, U, COST)
      INTEGER NMAX
      PARAMETER (NMAX = 10)
      INTEGER N, I
      DOUBLE PRECISION DT, U(N), COST
      DOUBLE PRECISION WORK(3*NMAX), A(NMAX), B(NMAX), C(NMAX)
      DOUBLE PRECISION R(NMAX), R2(5, 2), RMID
      EQUIVALENCE (WORK(1), A(1)), (WORK(NMAX+1), B(1))
      EQUIVALENCE (WORK(2*NMAX+1), C(1))
      EQUIVALENCE (R(1), R2(1,1)), (RMID, R(5))
      DO 10 I = 1, N
         A(I) = -DT*(1.0D0 + 0.1D0*U(I))
         C(I) = -DT*(1.0D0 + 0.1D0*U(I))
         B(I) = 1.0D0 + 2.0D0*DT*(1.0D0 + 0.1D0*U(I))
         R(I) = U(I)
   10 CONTINUE
      R2(1,1) = R2(1,1) + DT*RMID
C     Forward elimination, then back substitution, in WORK and R.
      DO 20 I = 2, N
         WORK(NMAX+I) = WORK(NMAX+I) - A(I)*C(I-1)/B(I-1)
         R(I) = R(I) - A(I)*R(I-1)/B(I-1)
   20 CONTINUE
      U(N) = R(N)/B(N)
      DO 30 I = N - 1, 1, -1
         U(I) = (R(I) - C(I)*U(I+1))/B(I)
   30 CONTINUE
      COST = 0.0D0
      DO 40 I = 1, N
         COST = COST + U(I)**2 + 0.1D0*R2(I - 5*((I-1)/5), (I-1)/5 + 1)
   40 CONTINUE
      END
