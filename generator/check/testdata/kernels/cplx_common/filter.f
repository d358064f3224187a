C     A recursive (IIR) filter of a legacy signal-processing code: the
C     complex pole and the filter state live in a named common block,
C     set by the target from real inputs and advanced by callees that
C     read and write them, in a loop over the samples.
      SUBROUTINE SETPOL(R, TH)
      DOUBLE PRECISION R, TH
      COMPLEX*16 POLE, STATE
      DOUBLE PRECISION GAIN
      COMMON /IIR/ POLE, STATE, GAIN
      POLE = DCMPLX(R*COS(TH), R*SIN(TH))
      STATE = (0.0D0, 0.0D0)
      GAIN = 1.0D0 - R
      END

      SUBROUTINE ADVANC(X)
      DOUBLE PRECISION X
      COMPLEX*16 POLE, STATE
      DOUBLE PRECISION GAIN
      COMMON /IIR/ POLE, STATE, GAIN
      STATE = POLE*STATE + GAIN*X
      END

      SUBROUTINE FILTER(N, R, TH, X, Y)
      INTEGER N, I
      DOUBLE PRECISION R, TH, X(N), Y(N)
      COMPLEX*16 POLE, STATE
      DOUBLE PRECISION GAIN
      COMMON /IIR/ POLE, STATE, GAIN
      CALL SETPOL(R, TH)
      DO 10 I = 1, N
        CALL ADVANC(X(I))
        Y(I) = DBLE(STATE) + 0.5D0*ABS(STATE)**2
   10 CONTINUE
      END

C     The filter's energy, the filter reversed in split mode.
      SUBROUTINE ENERGY(N, R, TH, X, E)
      INTEGER N, I
      DOUBLE PRECISION R, TH, X(N), E, Y(64)
      CALL FILTER(N, R, TH, X, Y)
      E = 0.0D0
      DO 20 I = 1, N
        E = E + Y(I)**2
   20 CONTINUE
      END
