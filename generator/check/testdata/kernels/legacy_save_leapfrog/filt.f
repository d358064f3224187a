C     A leapfrog step with a Robert-Asselin filter whose previous-step
C     value lives in SAVEd state of the stepping routine.
      SUBROUTINE LEAP(KSTEP, DT, U, F)
      INTEGER KSTEP
      DOUBLE PRECISION DT, U, F
      DOUBLE PRECISION UOLD, UNEW, ALPHA
      SAVE UOLD
      DATA ALPHA /0.1D0/
      IF (KSTEP .EQ. 0) THEN
         UOLD = U
         U = U + DT*F
      ELSE
         UNEW = UOLD + 2.D0*DT*F
         UOLD = U + ALPHA*(UNEW - 2.D0*U + UOLD)
         U = UNEW
      END IF
      END
      SUBROUTINE MODEL(U0, C, NT, UEND)
      INTEGER NT, K
      DOUBLE PRECISION U0, C, UEND, U, F
      U = U0
      DO 10 K = 0, NT - 1
         F = -C*U + SIN(U)
         CALL LEAP(K, 0.05D0, U, F)
   10 CONTINUE
      UEND = U
      END
