C     heat.f -- explicit 1-D heat equation, the example fadj ships.
C     Fixed-form Fortran 77: fadj fmt prints it as free form.
      PROGRAM HEAT
      IMPLICIT NONE
      INTEGER N, NSTEP
      PARAMETER (N = 50, NSTEP = 200)
      DOUBLE PRECISION U(N), COST
      INTEGER I
C     a smooth initial temperature profile
      DO 10 I = 1, N
         U(I) = SIN(3.14159265358979D0 * DBLE(I - 1) / DBLE(N - 1))
   10 CONTINUE
      CALL STEPS(U, N, NSTEP, 0.25D0)
      CALL ENERGY(U, N, COST)
      WRITE (*, 100) COST
  100 FORMAT ('energy after steps: ', ES22.14)
      END

C     advance u by nstep explicit steps with diffusion number r
      SUBROUTINE STEPS(U, N, NSTEP, R)
      IMPLICIT NONE
      INTEGER N, NSTEP, I, K
      DOUBLE PRECISION U(N), R, UOLD(N)
      DO 20 K = 1, NSTEP
         DO 15 I = 1, N
            UOLD(I) = U(I)
   15    CONTINUE
         DO 20 I = 2, N - 1
            U(I) = UOLD(I) + R * (UOLD(I-1) - 2.0D0*UOLD(I)
     &             + UOLD(I+1))
   20 CONTINUE
      END

      SUBROUTINE ENERGY(U, N, COST)
      IMPLICIT NONE
      INTEGER N, I
      DOUBLE PRECISION U(N), COST
      COST = 0.0D0
      DO 30 I = 1, N
         COST = COST + 0.5D0 * U(I)**2
   30 CONTINUE
      END
