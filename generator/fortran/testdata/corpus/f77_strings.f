C     ------------------------------------------------------------------
C     CHARACTER HANDLING IN F77: CHARACTER*N DECLARATIONS, CHARACTER*(*)
C     DUMMIES, SUBSTRINGS, CONCATENATION, INTERNAL READ AND WRITE, A
C     CHARACTER-VALUED FUNCTION AND A STRING CONTINUED ACROSS LINES.
C     ------------------------------------------------------------------
      PROGRAM STRS
      CHARACTER*10 WORD, REV, UPCASE
      CHARACTER*12 WORDS(4)
      CHARACTER*80 MSG
      CHARACTER*40 BUF
      CHARACTER*8 CNUM
      CHARACTER*60 LINE
      CHARACTER QUOTE*6, BANG*20
      INTEGER I, N, IVAL, LENTRM, NVOWEL, L, JVAL(3)
      REAL RVAL
      DATA WORDS /'fortran', 'Level', 'compiler', 'RaDaR'/
      DO 10 I = 1, 4
         WORD = WORDS(I)
         L = LENTRM(WORD)
         CALL REVERS(WORD(1:L), REV)
         LINE = WORD(1:L) // ' <-> ' // REV(1:L)
         IF (UPCASE(WORD) .EQ. UPCASE(REV)) THEN
            LINE = LINE(1:LENTRM(LINE)) // ' (PALINDROME)'
         END IF
         WRITE (6, '(1X, A)') LINE(1:LENTRM(LINE))
         REV = UPCASE(WORD)
         WRITE (6, 100) L, NVOWEL(WORD), REV(1:L)
   10 CONTINUE
C     A CHARACTER CONSTANT CONTINUED ONTO THE NEXT LINE: THE FIRST PART
C     RUNS EXACTLY UP TO COLUMN 72.
      MSG = 'THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG; THE QUICK BROW
     &N FOX'
      WRITE (6, '(1X, A)') MSG(1:LENTRM(MSG))
      WRITE (6, 110) LENTRM(MSG), INDEX(MSG, 'FOX'), MSG(5:9)
C     QUOTES INSIDE STRINGS, AND A '!' THAT IS NOT A COMMENT
      QUOTE = 'IT''S'
      BANG = 'HELLO! NOT A COMMENT'
      WRITE (6, '(1X, A, A, A)') QUOTE, '|', BANG
C     INTERNAL WRITE: FORMAT NUMBERS INTO A CHARACTER VARIABLE
      DO 20 N = 1, 3
         WRITE (CNUM, '(I8)') N**7
         WRITE (6, 120) N, CNUM, CNUM(6:8)
   20 CONTINUE
C     INTERNAL READ, LIST-DIRECTED AND FORMATTED
      BUF = '   42    3.25   -7 '
      READ (BUF, *) IVAL, RVAL, JVAL(1)
      WRITE (6, 130) IVAL, RVAL, JVAL(1)
      BUF = '0012003400560'
      READ (BUF, '(3I4)') (JVAL(I), I = 1, 3)
      WRITE (6, 140) JVAL
  100 FORMAT (3X, 'LENGTH', I3, ', VOWELS', I3, ', UPPER ', A)
  110 FORMAT (' LENGTH', I4, ', FOX AT', I4, ', WORD 2 = ', A)
  120 FORMAT (1X, I1, ' [', A8, '] LAST THREE: ', A3)
  130 FORMAT (' READ:', I5, F8.3, I5)
  140 FORMAT (' FIELDS:', 3I6)
      END
C
C     LENGTH WITHOUT TRAILING BLANKS
      INTEGER FUNCTION LENTRM(S)
      CHARACTER*(*) S
      INTEGER I
      DO 10 I = LEN(S), 1, -1
         IF (S(I:I) .NE. ' ') THEN
            LENTRM = I
            RETURN
         END IF
   10 CONTINUE
      LENTRM = 0
      END
C
      SUBROUTINE REVERS(S, R)
      CHARACTER*(*) S, R
      INTEGER I, N
      N = LEN(S)
      R = ' '
      DO 10 I = 1, N
         R(I:I) = S(N-I+1:N-I+1)
   10 CONTINUE
      END
C
      CHARACTER*10 FUNCTION UPCASE(S)
      CHARACTER*(*) S
      INTEGER I, IC
      UPCASE = S
      DO 10 I = 1, LEN(UPCASE)
         IC = ICHAR(UPCASE(I:I))
         IF (IC .GE. ICHAR('a') .AND. IC .LE. ICHAR('z'))
     &      UPCASE(I:I) = CHAR(IC - 32)
   10 CONTINUE
      END
C
      INTEGER FUNCTION NVOWEL(S)
      CHARACTER*(*) S
      INTEGER I
      NVOWEL = 0
      DO 10 I = 1, LEN(S)
         IF (INDEX('AEIOUaeiou', S(I:I)) .GT. 0) NVOWEL = NVOWEL + 1
   10 CONTINUE
      END
