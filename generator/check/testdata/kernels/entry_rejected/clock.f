C     ENTRY code fadj rejects, each at its position: a step counter
C     saved by DATA that the code of two entry points uses (each
C     procedure would count on its own), and the code of entry ADVANCE
C     reading H, a dummy argument of START only.
      SUBROUTINE START(N, U, H)
      INTEGER N, I, NSTEP
      DOUBLE PRECISION U(N), H, DT
      DATA NSTEP /0/
      NSTEP = 0
      RETURN
      ENTRY ADVANCE(N, U, DT)
      NSTEP = NSTEP + 1
      DO 10 I = 1, N
         U(I) = U(I) + DT*H*NSTEP*U(I)
   10 CONTINUE
      RETURN
      END

      SUBROUTINE RUN(N, U, H, DT)
      INTEGER N
      DOUBLE PRECISION U(N), H, DT
      CALL START(N, U, H)
      CALL ADVANCE(N, U, DT)
      CALL ADVANCE(N, U, DT)
      END
