C     ------------------------------------------------------------------
C     UNSTRUCTURED CONTROL FLOW OF THE F66/F77 ERA:
C     ARITHMETIC IF, COMPUTED GO TO (WITH AND WITHOUT THE COMMA),
C     'GOTO' AND 'GO TO', LOOPS BUILT FROM LABELS.
C     ------------------------------------------------------------------
      PROGRAM BRANCH
      INTEGER I, K, NNEG, NZERO, NPOS, ISTATE, NSTEPS, ITER, KMAX
      REAL VALS(8), A, B, C, FC
      DATA VALS /-2.5, 0.0, 3.0, -1.0, 7.5, 0.0, 0.25, -0.5/
C     COUNT SIGNS WITH A THREE-WAY ARITHMETIC IF
      NNEG = 0
      NZERO = 0
      NPOS = 0
      DO 40 I = 1, 8
         IF (VALS(I)) 10, 20, 30
   10    NNEG = NNEG + 1
         GOTO 40
   20    NZERO = NZERO + 1
         GO TO 40
   30    NPOS = NPOS + 1
   40 CONTINUE
      WRITE (6, 100) NNEG, NZERO, NPOS
C     COLLATZ SEQUENCE AS A STATE MACHINE DRIVEN BY A COMPUTED GO TO
      ISTATE = 1
      K = 27
      KMAX = K
      NSTEPS = 0
   50 CONTINUE
      GO TO (60, 70, 80), ISTATE
   60 IF (MOD(K, 2) .EQ. 0) THEN
         ISTATE = 2
      ELSE
         ISTATE = 3
      END IF
      GO TO 50
   70 K = K / 2
      ISTATE = 1
      GO TO 90
   80 K = 3*K + 1
      ISTATE = 1
      IF (K .GT. KMAX) KMAX = K
   90 NSTEPS = NSTEPS + 1
      IF (K .NE. 1) GOTO 50
      WRITE (6, 110) NSTEPS, KMAX
C     BISECTION FOR X**3 - 2X - 5 = 0 WRITTEN WITH GO TO LOOPS
      A = 2.0
      B = 3.0
      ITER = 0
  200 C = 0.5 * (A + B)
      FC = C**3 - 2.0*C - 5.0
      ITER = ITER + 1
      IF (FC) 210, 230, 220
  210 A = C
      GO TO 225
  220 B = C
  225 IF (B - A .GT. 1.0E-5) GO TO 200
  230 WRITE (6, 120) ITER, C
C     COMPUTED GO TO WITHOUT THE OPTIONAL COMMA; INDEX 4 FALLS THROUGH
      DO 300 I = 1, 4
         GO TO (310, 320, 330) I
         WRITE (6, *) 'OUT OF RANGE', I
         GO TO 300
  310    WRITE (6, *) 'ONE'
         GO TO 300
  320    WRITE (6, *) 'TWO'
         GO TO 300
  330    WRITE (6, *) 'THREE'
  300 CONTINUE
C     INTEGER ARITHMETIC IF WITH TWO EQUAL TARGETS
      DO 420 I = 3, 7, 2
         IF (I - 5) 400, 410, 400
  400    WRITE (6, 130) I, 'NOT FIVE'
         GO TO 420
  410    WRITE (6, 130) I, 'FIVE'
  420 CONTINUE
  100 FORMAT (' NEG =', I2, '  ZERO =', I2, '  POS =', I2)
  110 FORMAT (' COLLATZ(27): ', I4, ' STEPS, PEAK ', I6)
  120 FORMAT (' BISECTION: ', I3, ' STEPS, ROOT ', F10.6)
  130 FORMAT (1X, I2, 1X, A)
      END
