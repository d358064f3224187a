      SUBROUTINE FCN1(M, N, X, FVEC, IFLAG)
      INTEGER M, N, IFLAG, I
      DOUBLE PRECISION X(N), FVEC(M)
      COMMON /DAT/ T(20), YOBS(20)
      DOUBLE PRECISION T, YOBS
      DO 10 I = 1, M
         FVEC(I) = X(1)*EXP(-X(2)*T(I)) - YOBS(I)
   10 CONTINUE
      END
      SUBROUTINE FCN2(M, N, X, FVEC, IFLAG)
      INTEGER M, N, IFLAG, I
      DOUBLE PRECISION X(N), FVEC(M)
      COMMON /DAT/ T(20), YOBS(20)
      DOUBLE PRECISION T, YOBS
      DO 10 I = 1, M
         FVEC(I) = X(1) + X(2)*T(I) + X(3)*T(I)**2 - YOBS(I)
   10 CONTINUE
      END
      SUBROUTINE FCN0(M, N, X, FVEC, IFLAG)
      INTEGER M, N, IFLAG, I
      DOUBLE PRECISION X(N), FVEC(M)
      DO 10 I = 1, M
         FVEC(I) = 1.D0
   10 CONTINUE
      IFLAG = 0
      END
      DOUBLE PRECISION FUNCTION ENORM(N, X)
      INTEGER N, I
      DOUBLE PRECISION X(N)
      ENORM = 0.D0
      DO 10 I = 1, N
         ENORM = ENORM + X(I)**2
   10 CONTINUE
      ENORM = SQRT(ENORM + 1.D-12)
      END
      SUBROUTINE FDJAC2(FCN, M, N, X, FVEC, FJAC, LDFJAC, IFLAG, EPS,
     *                  WA)
      INTEGER M, N, LDFJAC, IFLAG, I, J
      DOUBLE PRECISION EPS, X(N), FVEC(M), FJAC(LDFJAC,N), WA(M)
      DOUBLE PRECISION H, TEMP
      EXTERNAL FCN
      DO 20 J = 1, N
         TEMP = X(J)
         H = EPS*ABS(TEMP)
         IF (H .EQ. 0.D0) H = EPS
         X(J) = TEMP + H
         CALL FCN(M, N, X, WA, IFLAG)
         IF (IFLAG .LT. 0) GO TO 30
         X(J) = TEMP
         DO 10 I = 1, M
            FJAC(I,J) = (WA(I) - FVEC(I))/H
   10    CONTINUE
   20 CONTINUE
   30 CONTINUE
      RETURN
      END
      SUBROUTINE RESID(FCN, M, N, X, R, WA, WB, FJ)
      INTEGER M, N, IFLAG
      DOUBLE PRECISION X(N), R, WA(M), WB(M), FJ(M,N), ENORM
      EXTERNAL FCN
      IFLAG = 1
      CALL FCN(M, N, X, WA, IFLAG)
      CALL FDJAC2(FCN, M, N, X, WA, FJ, M, IFLAG, 1.D-2, WB)
      R = ENORM(M, WA) + 0.1D0*ENORM(M*N, FJ)
      END
      SUBROUTINE FIT(X1, X2, TT, R1, R2, R3)
      DOUBLE PRECISION X1(2), X2(3), TT(20), R1, R2, R3
      DOUBLE PRECISION WA(20), WB(20), FJ(60)
      COMMON /DAT/ T(20), YOBS(20)
      DOUBLE PRECISION T, YOBS
      EXTERNAL FCN1, FCN2, FCN0
      DO 5 I = 1, 20
         T(I) = TT(I)
         YOBS(I) = 1.D0/(1.D0 + T(I))
    5 CONTINUE
      CALL RESID(FCN1, 20, 2, X1, R1, WA, WB, FJ)
      CALL RESID(FCN2, 20, 3, X2, R2, WA, WB, FJ)
      CALL RESID(FCN0, 20, 2, X1, R3, WA, WB, FJ)
      END
