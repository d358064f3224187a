C     ENTRY code sharing SAVEd state: a step counter saved by DATA that
C     the code of both entry points uses. The procedures made of the
C     entry points share it through one block (/FADJSV_START/, its DATA
C     in a BLOCK DATA unit of the generated code).
      SUBROUTINE START(N, U)
      INTEGER N, I, NSTEP
      DOUBLE PRECISION U(N), DT
      DATA NSTEP /0/
      NSTEP = 0
      DO 5 I = 1, N
         U(I) = U(I)*U(I)
    5 CONTINUE
      RETURN
      ENTRY ADVANCE(N, U, DT)
      NSTEP = NSTEP + 1
      DO 10 I = 1, N
         U(I) = U(I) + DT*NSTEP*U(I)
   10 CONTINUE
      RETURN
      END

      SUBROUTINE RUN(N, U, DT)
      INTEGER N
      DOUBLE PRECISION U(N), DT
      CALL START(N, U)
      CALL ADVANCE(N, U, DT)
      CALL ADVANCE(N, U, DT)
      END
