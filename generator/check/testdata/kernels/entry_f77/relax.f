C     A relaxation model written as one subroutine with two entry
C     points, as legacy codes do: INIT sets the coefficients in the
C     COMMON block /RELAX/ and the state, then falls into the code of
C     STEP to take the first step; STEP advances the state.  SAVE, as
C     many legacy codes write it, saves the loop index I too: both entry
C     points use it, but only as the variable of their loops.
      SUBROUTINE INIT(N, U, U0, C, DT)
      INTEGER N, I
      DOUBLE PRECISION U(N), U0(N), C, DT
      DOUBLE PRECISION ALPHA, DECAY
      COMMON /RELAX/ ALPHA, DECAY
      SAVE
      ALPHA = C
      DECAY = 0.5D0*C*C
      DO 10 I = 1, N
         U(I) = U0(I)
   10 CONTINUE
C
      ENTRY STEP(N, U, DT)
      DO 20 I = N, 2, -1
         U(I) = U(I) + DT*(ALPHA*U(I-1) - DECAY*SIN(U(I)))
   20 CONTINUE
      U(1) = U(1)*EXP(-DECAY*DT)
      RETURN
      END

      SUBROUTINE MODEL(N, NT, U0, C, DT, U)
      INTEGER N, NT, K
      DOUBLE PRECISION U0(N), C, DT, U(N)
      CALL INIT(N, U, U0, C, DT)
      DO 30 K = 2, NT
         CALL STEP(N, U, DT)
   30 CONTINUE
      RETURN
      END
