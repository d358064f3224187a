C     Entry points as legacy codes write them: an init/step pair
C     sharing a COMMON block, a function with a second entry, an ENTRY
C     among the declarations, an entry jumping back into its host.
      SUBROUTINE INIT(N, U, C)
      INTEGER N, I
      DOUBLE PRECISION U(N), C, DT, A
      COMMON /COEF/ A
      A = C
      RETURN
C
      ENTRY STEP(N, U, DT)
      DO 10 I = 1, N
         U(I) = U(I)*(1.0D0 - A*DT)
   10 CONTINUE
      END

      DOUBLE PRECISION FUNCTION EOS(R)
      DOUBLE PRECISION R, SOUND
      EOS = 0.8D0*R
      RETURN
      ENTRY SOUND(R)
      EOS = 0.8D0
      END

      REAL FUNCTION F(X)
      ENTRY G(X)
      REAL X, G
      F = 2.0*X
      END

      SUBROUTINE TEND(N, Q)
      INTEGER N
      DOUBLE PRECISION Q(N), W
   20 Q(1) = 0.5D0*Q(1)
      RETURN
      ENTRY TENDW(N, Q, W)
      Q(1) = W*Q(1)
      GO TO 20
      END
