C     ------------------------------------------------------------------00000100
C     A SMALL TABLE-LOOKUP INTERPOLATOR.  DATA STATEMENTS (LISTS, REPEAT00000200
C     COUNTS, IMPLIED DO), EQUIVALENCE, SAVE STATEMENT, DATA IN A       00000300
C     SUBPROGRAM, REAL FUNCTION.  COLUMNS 73-80 HOLD SEQUENCE NUMBERS.  00000400
C     ------------------------------------------------------------------00000500
      PROGRAM TABLES                                                    00000600
      REAL XT(5), YT(5), W(3), GRID(2,3), FLAT(6)                       00000700
      REAL SCALE, FACTOR                                                00000800
      INTEGER IDX(4), N1, N2, N3                                        00000900
      CHARACTER*6 LABEL(2)                                              00001000
      LOGICAL FLAG                                                      00001100
      EQUIVALENCE (GRID(1,1), FLAT(1)), (SCALE, FACTOR)                 00001200
      DATA XT /0.0, 1.0, 2.0, 3.0, 4.0/                                 00001300
      DATA YT /1.0, 2.0, 5.0, 10.0, 17.0/                               00001400
      DATA (W(I), I=1,3) /3*0.0/                                        00001500
      DATA IDX /1, 2, 2*4/                                              00001600
      DATA LABEL /'LINEAR', 'CUBIC '/, FLAG /.TRUE./                    00001700
      DATA GRID /1.5, 2.5, 3.5, 4.5, 5.5, 6.5/                          00001800
      WRITE (6, 100) LABEL(1), FLAG, (IDX(I), I = 1, 4)                 00001900
      DO 10 I = 1, 7                                                    00002000
         X = 0.6 * REAL(I)                                              00002100
         Y = TERP(XT, YT, 5, X)                                         00002200
         W(1) = W(1) + Y                                                00002300
         W(2) = MAX(W(2), Y)                                            00002400
         WRITE (6, 110) X, Y                                            00002500
   10 CONTINUE                                                          00002600
      W(3) = W(1) / 7.0                                                 00002700
      WRITE (6, 120) W                                                  00002800
C     MODIFY THROUGH THE 2-D NAME, READ THROUGH THE 1-D NAME
      DO 30 J = 1, 3
         DO 20 I = 1, 2
            GRID(I,J) = GRID(I,J) * 2.0 - REAL(I*J)
   20    CONTINUE
   30 CONTINUE
      WRITE (6, 130) FLAT
      SCALE = 2.5
      FACTOR = FACTOR * 4.0
      WRITE (6, 140) SCALE
C     A SAVED COUNTER: SUCCESSIVE CALLS SEE THE PREVIOUS VALUE
      CALL COUNTR(N1)
      CALL COUNTR(N2)
      CALL COUNTR(N3)
      WRITE (6, 150) N1, N2, N3
  100 FORMAT (1X, A6, 1X, L1, 4I3)
  110 FORMAT (' F(', F4.1, ') =', F8.3)
  120 FORMAT (' SUM, MAX, MEAN:', 3F9.4)
  130 FORMAT (' FLAT:', 6F6.1)
  140 FORMAT (' SCALE THROUGH ALIAS:', F6.2)
  150 FORMAT (' COUNTER:', 3I4)
      END
C
C     PIECEWISE LINEAR INTERPOLATION IN A TABLE (XT ASCENDING)
      REAL FUNCTION TERP(XT, YT, N, X)
      INTEGER N, I
      REAL XT(N), YT(N), X
      IF (X .LE. XT(1)) THEN
         TERP = YT(1)
         RETURN
      ENDIF
      DO 10 I = 2, N
         IF (X .LE. XT(I)) THEN
            TERP = YT(I-1) + (YT(I) - YT(I-1)) * (X - XT(I-1))
     &                     / (XT(I) - XT(I-1))
            RETURN
         END IF
   10 CONTINUE
      TERP = YT(N)
      END
C
      SUBROUTINE COUNTR(N)
      INTEGER N, ICOUNT
      SAVE
      DATA ICOUNT /0/
      ICOUNT = ICOUNT + 10
      N = ICOUNT
      END
