C     The tendency of a 1-D transport model in one subroutine with two
C     entry points, as legacy codes write it.  TEND computes the
C     tendency DQ of Q; TENDW, the routine differentiated, first weights
C     Q and then jumps back into the code of TEND, before its own entry
C     point.  EOS is a function whose entry SOUND shares its result
C     variable, as the standard associates them.
      SUBROUTINE TEND(N, Q, DQ)
      INTEGER N, I
      DOUBLE PRECISION Q(N), DQ(N), W(N), EOS, SOUND
   10 CONTINUE
      DO 20 I = 2, N-1
         DQ(I) = 0.5D0*(EOS(Q(I-1)) - EOS(Q(I+1)))
     &         + 0.1D0*SOUND(Q(I))*(Q(I+1) - 2.0D0*Q(I) + Q(I-1))
   20 CONTINUE
      DQ(1) = 0.0D0
      DQ(N) = 0.0D0
      RETURN
C
      ENTRY TENDW(N, Q, DQ, W)
      DO 30 I = 1, N
         Q(I) = Q(I)*W(I)
   30 CONTINUE
      GO TO 10
      END

      DOUBLE PRECISION FUNCTION EOS(R)
      DOUBLE PRECISION R, SOUND, K
      PARAMETER (K = 0.8D0)
      EOS = K*R + 0.1D0*R**3
      RETURN
      ENTRY SOUND(R)
      EOS = K*(1.0D0 + 0.3D0*R**2)
      RETURN
      END
