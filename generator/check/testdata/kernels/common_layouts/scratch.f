C     A legacy F77 advection code whose routines share scratch storage
C     and coefficients through common blocks declared with different
C     members in different routines: FLUX writes the fluxes into
C     /WRK/ F(20), G(20); UPDATE reads them as one array FG(20,2); the
C     coefficients are C0, C1, C2 in BLOCK DATA and DIFFU, and C(3) in
C     UPDATE.
      BLOCK DATA COEFS
      DOUBLE PRECISION C0, C1, C2
      COMMON /COEF/ C0, C1, C2
      DATA C0, C1, C2 /0.5D0, 0.25D0, 0.1D0/
      END

      SUBROUTINE FLUX(N, U)
      INTEGER N, I
      DOUBLE PRECISION U(N)
      DOUBLE PRECISION F(20), G(20)
      COMMON /WRK/ F, G
      DO 10 I = 1, N - 1
         F(I) = 0.5D0*(U(I) + U(I+1))*U(I)
         G(I) = (U(I+1) - U(I))**2
   10 CONTINUE
      F(N) = 0.0D0
      G(N) = 0.0D0
      END

      SUBROUTINE DIFFU(N, U, D)
      INTEGER N, I
      DOUBLE PRECISION U(N), D(N)
      DOUBLE PRECISION C0, C1, C2
      COMMON /COEF/ C0, C1, C2
      D(1) = 0.0D0
      D(N) = 0.0D0
      DO 20 I = 2, N - 1
         D(I) = C2*(U(I-1) - 2.0D0*U(I) + U(I+1))
   20 CONTINUE
      END

      SUBROUTINE UPDATE(N, DT, U, D)
      INTEGER N, I
      DOUBLE PRECISION DT, U(N), D(N)
      DOUBLE PRECISION FG(20, 2), C(3)
      COMMON /WRK/ FG
      COMMON /COEF/ C
      DO 30 I = 2, N
         U(I) = U(I) - DT*(FG(I,1) - FG(I-1,1)) + DT*D(I)
     &        - C(1)*DT*FG(I,2)*C(3)
   30 CONTINUE
      END

      SUBROUTINE STEPS(N, NSTEP, DT, U, COST)
      INTEGER N, NSTEP, K, I
      DOUBLE PRECISION DT, U(N), COST, D(20)
      DO 40 K = 1, NSTEP
         CALL FLUX(N, U)
         CALL DIFFU(N, U, D)
         CALL UPDATE(N, DT, U, D)
   40 CONTINUE
      COST = 0.0D0
      DO 50 I = 1, N
         COST = COST + U(I)**2
   50 CONTINUE
      END
