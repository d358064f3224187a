      DOUBLE PRECISION FUNCTION DDOT(N, DX, INCX, DY, INCY)
      INTEGER N, INCX, INCY, I
      DOUBLE PRECISION DX(*), DY(*)
      DDOT = 0.0D0
      DO 10 I = 1, N
         DDOT = DDOT + DX(1+(I-1)*INCX)*DY(1+(I-1)*INCY)
   10 CONTINUE
      END
      DOUBLE PRECISION FUNCTION DNRM2 ( N, X, INCX )
*     The LAPACK 3.1 reference DNRM2 (scaled sum of squares).
      INTEGER INCX, N
      DOUBLE PRECISION X( * )
      DOUBLE PRECISION ONE, ZERO
      PARAMETER ( ONE = 1.0D+0, ZERO = 0.0D+0 )
      INTEGER IX
      DOUBLE PRECISION ABSXI, NORM, SCALE, SSQ
      IF( N.LT.1 .OR. INCX.LT.1 )THEN
         NORM  = ZERO
      ELSE IF( N.EQ.1 )THEN
         NORM  = ABS( X( 1 ) )
      ELSE
         SCALE = ZERO
         SSQ   = ONE
         DO 10, IX = 1, 1 + ( N - 1 )*INCX, INCX
            IF( X( IX ).NE.ZERO )THEN
               ABSXI = ABS( X( IX ) )
               IF( SCALE.LT.ABSXI )THEN
                  SSQ   = ONE   + SSQ*( SCALE/ABSXI )**2
                  SCALE = ABSXI
               ELSE
                  SSQ   = SSQ   +     ( ABSXI/SCALE )**2
               END IF
            END IF
   10    CONTINUE
         NORM  = SCALE * SQRT( SSQ )
      END IF
      DNRM2 = NORM
      RETURN
      END
      SUBROUTINE DSCAL(N,DA,DX,INCX)
      DOUBLE PRECISION DA
      INTEGER INCX,N
      DOUBLE PRECISION DX(*)
      INTEGER I,M,MP1,NINCX
      INTRINSIC MOD
      IF (N.LE.0 .OR. INCX.LE.0) RETURN
      IF (INCX.EQ.1) THEN
         M = MOD(N,5)
         IF (M.NE.0) THEN
            DO I = 1,M
               DX(I) = DA*DX(I)
            END DO
            IF (N.LT.5) RETURN
         END IF
         MP1 = M + 1
         DO I = MP1,N,5
            DX(I) = DA*DX(I)
            DX(I+1) = DA*DX(I+1)
            DX(I+2) = DA*DX(I+2)
            DX(I+3) = DA*DX(I+3)
            DX(I+4) = DA*DX(I+4)
         END DO
      ELSE
         NINCX = N*INCX
         DO I = 1,NINCX,INCX
            DX(I) = DA*DX(I)
         END DO
      END IF
      RETURN
      END
C     Normalise a vector in place, the way a model's utility does it:
C     its assumed-size dummy passed on to DNRM2 and DSCAL.
      SUBROUTINE NRM(N, X)
      INTEGER N
      DOUBLE PRECISION X(*), S, DNRM2
      EXTERNAL DNRM2, DSCAL
      S = DNRM2(N, X, 1)
      CALL DSCAL(N, 1.0D0/S, X, 1)
      END
C     A relaxation step passing elements on (X(2) starts the shifted
C     vector DDOT reads), then normalising.
      SUBROUTINE RELAX(N, X)
      INTEGER N
      DOUBLE PRECISION X(*), C, DDOT
      EXTERNAL DDOT, NRM
      C = DDOT(N-1, X(2), 1, X(1), 1)
      X(1) = X(1) - 0.1D0*C
      CALL NRM(N, X)
      X(2) = X(2)*X(1)
      END
      SUBROUTINE TOP(N, X, F)
      INTEGER N, K
      DOUBLE PRECISION X(N), F
      X(1) = X(1)**2
      CALL RELAX(N, X)
      F = 0.0D0
      DO 30 K = 1, N
         F = F + DBLE(K)*X(K)**3
   30 CONTINUE
      END
C     The same relaxation, reversed jointly (each call checkpointed).
      SUBROUTINE TOPJ(N, X, F)
      INTEGER N
      DOUBLE PRECISION X(N), F
      CALL RELAX(N, X)
      F = X(1)*X(2) + X(N)**2
      END
