C     A model with a seeded perturbation: a linear congruential generator
C     keeping its seed in DATA/SAVE (passive), ENTRY to reseed, and a
C     relaxation whose SAVEd running mean (DATA-initialised) is active.
      SUBROUTINE URAND(R)
      DOUBLE PRECISION R
      INTEGER ISEED, JSEED
      SAVE ISEED
      DATA ISEED /12345/
      ISEED = MOD(1103*ISEED + 12345, 65536)
      R = DBLE(ISEED)/65536.0D0
      RETURN
      ENTRY RESEED(JSEED)
      ISEED = JSEED
      END
      SUBROUTINE MEANF(X, XM, K)
      INTEGER K
      DOUBLE PRECISION X, XM, ACC, W
      SAVE ACC
      DATA ACC /0.0D0/
      IF (K .EQ. 1) ACC = 0.0D0
      W = 1.0D0/K
      ACC = (1.0D0 - W)*ACC + W*X
      XM = ACC
      END
      SUBROUTINE RUN(X0, C, NT, XM)
      INTEGER NT, K
      DOUBLE PRECISION X0, C, XM, X, R
      CALL URAND(R)
      CALL RESEED(7)
      X = X0
      DO 10 K = 1, NT
         CALL URAND(R)
         X = X + 0.1D0*(C*X - X**3) + 0.01D0*(R - 0.5D0)
         CALL MEANF(X, XM, K)
   10 CONTINUE
      END
