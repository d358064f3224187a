C     Legacy least-squares residual code, MINPACK style
      SUBROUTINE SETDAT(M)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      COMMON /DATAS/ T(40), Y(40), NDAT
      COMMON WGT(40)
      DO 10 I = 1, M
         T(I) = DBLE(I)/DBLE(M)
         Y(I) = DEXP(-T(I)) + 0.1D0*DSIN(3.D0*T(I))
         WGT(I) = 1.D0 + 0.5D0*FLOAT(MOD(I,3))
   10 CONTINUE
      NDAT = M
      RETURN
      END

      DOUBLE PRECISION FUNCTION ENORM(N, X)
      INTEGER N
      DOUBLE PRECISION X(*)
      DOUBLE PRECISION S
      S = 0.D0
      DO 20 I = 1, N
         S = S + X(I)**2
   20 CONTINUE
      ENORM = DSQRT(S)
      RETURN
      END

      SUBROUTINE MODEL(N, P, TT, VAL, DER)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION P(N), DER(N)
      E = DEXP(-P(2)*TT)
      VAL = P(1)*E + P(3)*DSIN(P(4)*TT)
      DER(1) = E
      DER(2) = -P(1)*TT*E
      DER(3) = DSIN(P(4)*TT)
      DER(4) = P(3)*TT*DCOS(P(4)*TT)
      RETURN
      END

      SUBROUTINE RESID(N, M, P, FVEC, WA, FCN)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION P(N), FVEC(M), WA(*)
      EXTERNAL FCN
      COMMON /DATAS/ T(40), Y(40), NDAT
      COMMON WGT(40)
      HUBER(R, C) = DMIN1(DABS(R), C)*DSIGN(1.D0, R)
      DO 30 I = 1, M
         CALL FCN(N, P, T(I), V, WA(1))
         R = Y(I) - V
         FVEC(I) = DSQRT(WGT(I))*HUBER(R, 0.3D0)
   30 CONTINUE
      RETURN
      END

      SUBROUTINE LSQ(N, M, X, COST, WORK, LWA)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION X(N), WORK(LWA)
      EXTERNAL MODEL
      DOUBLE PRECISION ENORM
      CALL RESID(N, M, X, WORK(1), WORK(M+1), MODEL)
      COST = 0.5D0*ENORM(M, WORK(1))**2
      IF (COST - 1.D0) 40, 40, 50
   40 COST = COST + 1.D-3*ENORM(N, X)
      GO TO 60
   50 COST = DLOG(COST) + 1.D0
   60 CONTINUE
      RETURN
      END

      SUBROUTINE SETUP(N, M, X, COST, WORK, LWA)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION X(N), WORK(LWA)
      CALL SETDAT(M)
      RETURN
      END
