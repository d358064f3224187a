      SUBROUTINE LIMITR(NAME, N, Q, DQ)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*(*) NAME
      DIMENSION Q(N), DQ(N)
      INTEGER ILIM
      ILIM = ICODE(NAME)
      DO 10 I = 2, N-1
         A = Q(I) - Q(I-1)
         B = Q(I+1) - Q(I)
         IF (ILIM .EQ. 1) THEN
            IF (A*B .LE. 0.D0) THEN
               DQ(I) = 0.D0
            ELSE
               DQ(I) = DSIGN(DMIN1(DABS(A), DABS(B)), A)
            ENDIF
         ELSE
            DQ(I) = 0.5D0*(A + B)
         ENDIF
   10 CONTINUE
      DQ(1) = 0.D0
      DQ(N) = 0.D0
      RETURN
      END

      INTEGER FUNCTION ICODE(NAME)
      CHARACTER*(*) NAME
      ICODE = 0
      IF (NAME(1:6) .EQ. 'MINMOD' .OR. NAME .EQ. 'minmod') ICODE = 1
      RETURN
      END

      SUBROUTINE TRANSP(N, Q, C, NT, COST)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      CHARACTER*8 LIM
      DATA LIM /'MINMOD'/
      PARAMETER (NMAX = 40)
      DIMENSION Q(N), DQ(NMAX), F(NMAX)
      DO 40 IT = 1, NT
         CALL LIMITR(LIM, N, Q, DQ)
         DO 20 I = 1, N-1
            F(I) = C*(Q(I) + 0.5D0*(1.D0 - C)*DQ(I))
   20    CONTINUE
         DO 30 I = 2, N-1
            Q(I) = Q(I) - (F(I) - F(I-1))
   30    CONTINUE
   40 CONTINUE
      COST = 0.D0
      DO 50 I = 1, N
         COST = COST + Q(I)**2
   50 CONTINUE
      RETURN
      END

      SUBROUTINE TSETUP(N, Q, C, NT, COST)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Q(N)
      DO 60 I = 1, N
         Q(I) = DEXP(-0.1D0*(I - N/2)**2) + 0.01D0*Q(I)
   60 CONTINUE
      RETURN
      END
