C     A legacy random-number generator: SEEDS sets the state IS, saved
C     between calls, and its entry NEXTW draws the next weight from it.
C     The differentiated PERTURB calls both passively: the derivative code
C     calls the original procedure, whose entry points share IS.
      SUBROUTINE SEEDS(ISEED)
      INTEGER ISEED, IS
      DOUBLE PRECISION W
      SAVE IS
      IS = ISEED
      RETURN
      ENTRY NEXTW(W)
      IS = MOD(IS*1103 + 12345, 65536)
      W = 0.5D0 + DBLE(IS)/65536.0D0
      RETURN
      END

      SUBROUTINE PERTURB(N, X, Y)
      INTEGER N, I
      DOUBLE PRECISION X(N), Y(N), W
      CALL SEEDS(7)
      DO 10 I = 1, N
         CALL NEXTW(W)
         Y(I) = W*X(I)**2 + SIN(X(I))
   10 CONTINUE
      RETURN
      END
