C     ------------------------------------------------------------------
C     FILE I/O WITH SCRATCH UNITS: FORMATTED WRITE, REWIND, READ WITH
C     END= AND IOSTAT=, UNFORMATTED RECORDS, BACKSPACE AND CLOSE.
C     ------------------------------------------------------------------
      PROGRAM SCRIO
      INTEGER IU, JU, I, N, K, IOS, NREC
      REAL T, TEMP, TSUM, TMAX, Q(5), P(5)
      CHARACTER*8 NAME, BEST
      IU = 11
      JU = 12
      OPEN (UNIT=IU, STATUS='SCRATCH', FORM='FORMATTED')
      DO 10 I = 1, 8
         WRITE (IU, 100) I, 0.5*I, 20.0 + 1.5*I - 0.1*I*I, 'ST', I
   10 CONTINUE
      REWIND IU
C     READ BACK UNTIL END OF FILE
      N = 0
      TSUM = 0.0
      TMAX = -1.0E30
   20 READ (IU, 110, END=30) K, T, TEMP, NAME
      N = N + 1
      TSUM = TSUM + TEMP
      IF (TEMP .GT. TMAX) THEN
         TMAX = TEMP
         BEST = NAME
      END IF
      GO TO 20
   30 CLOSE (IU)
      WRITE (6, 120) N, TSUM / N, TMAX, BEST(1:4)
C     UNFORMATTED RECORDS, BACKSPACE OVER THE LAST ONE
      OPEN (JU, STATUS='SCRATCH', FORM='UNFORMATTED')
      NREC = 0
      DO 40 I = 1, 3
         DO 35 K = 1, 5
            Q(K) = REAL(I * 10 + K)
   35    CONTINUE
         WRITE (JU) Q
         NREC = NREC + 1
   40 CONTINUE
      BACKSPACE JU
      READ (JU) P
      WRITE (6, 130) P
      REWIND (JU)
      READ (JU) P
      READ (JU) (Q(K), K = 1, 5)
      WRITE (6, 130) P
      WRITE (6, 130) Q
C     READ PAST THE END AND REPORT THE STATUS INSTEAD OF STOPPING
      READ (JU, IOSTAT=IOS) P
      READ (JU, IOSTAT=IOS) P
      WRITE (6, 140) NREC, IOS .NE. 0
      CLOSE (UNIT=JU, STATUS='DELETE')
  100 FORMAT (I3, F6.2, F8.3, 1X, A2, I2.2)
  110 FORMAT (I3, F6.2, F8.3, 1X, A4)
  120 FORMAT (' RECORDS', I3, '  MEAN', F8.3, '  MAX', F8.3, ' AT ', A)
  130 FORMAT (' RECORD:', 5F7.1)
  140 FORMAT (' WROTE', I2, ' RECORDS, HIT END: ', L1)
      END
