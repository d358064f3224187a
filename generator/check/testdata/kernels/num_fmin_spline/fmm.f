      SUBROUTINE SPLINE(N, X, Y, B, C, D)
      INTEGER N
      DOUBLE PRECISION X(N), Y(N), B(N), C(N), D(N)
      INTEGER NM1, IB, I
      DOUBLE PRECISION T
      NM1 = N - 1
      IF (N .LT. 2) RETURN
      IF (N .LT. 3) GO TO 50
      D(1) = X(2) - X(1)
      C(2) = (Y(2) - Y(1))/D(1)
      DO 10 I = 2, NM1
         D(I) = X(I+1) - X(I)
         B(I) = 2.*(D(I-1) + D(I))
         C(I+1) = (Y(I+1) - Y(I))/D(I)
         C(I) = C(I+1) - C(I)
   10 CONTINUE
      B(1) = -D(1)
      B(N) = -D(N-1)
      C(1) = 0.
      C(N) = 0.
      IF (N .EQ. 3) GO TO 15
      C(1) = C(3)/(X(4)-X(2)) - C(2)/(X(3)-X(1))
      C(N) = C(N-1)/(X(N)-X(N-2)) - C(N-2)/(X(N-1)-X(N-3))
      C(1) = C(1)*D(1)**2/(X(4)-X(1))
      C(N) = -C(N)*D(N-1)**2/(X(N)-X(N-3))
   15 DO 20 I = 2, N
         T = D(I-1)/B(I-1)
         B(I) = B(I) - T*D(I-1)
         C(I) = C(I) - T*C(I-1)
   20 CONTINUE
      C(N) = C(N)/B(N)
      DO 30 IB = 1, NM1
         I = N - IB
         C(I) = (C(I) - D(I)*C(I+1))/B(I)
   30 CONTINUE
      B(N) = (Y(N) - Y(NM1))/D(NM1) + D(NM1)*(C(NM1) + 2.*C(N))
      DO 40 I = 1, NM1
         B(I) = (Y(I+1) - Y(I))/D(I) - D(I)*(C(I+1) + 2.*C(I))
         D(I) = (C(I+1) - C(I))/D(I)
         C(I) = 3.*C(I)
   40 CONTINUE
      C(N) = 3.*C(N)
      D(N) = D(N-1)
      RETURN
   50 B(1) = (Y(2)-Y(1))/(X(2)-X(1))
      C(1) = 0.
      D(1) = 0.
      B(2) = B(1)
      C(2) = 0.
      D(2) = 0.
      RETURN
      END

      DOUBLE PRECISION FUNCTION SEVAL(N, U, X, Y, B, C, D)
      INTEGER N
      DOUBLE PRECISION U, X(N), Y(N), B(N), C(N), D(N)
      INTEGER I, J, K
      DOUBLE PRECISION DX
      DATA I/1/
      IF (I .GE. N) I = 1
      IF (U .LT. X(I)) GO TO 10
      IF (U .LE. X(I+1)) GO TO 30
   10 I = 1
      J = N+1
   20 K = (I+J)/2
      IF (U .LT. X(K)) J = K
      IF (U .GE. X(K)) I = K
      IF (J .GT. I+1) GO TO 20
   30 DX = U - X(I)
      SEVAL = Y(I) + DX*(B(I) + DX*(C(I) + DX*D(I)))
      RETURN
      END

      DOUBLE PRECISION FUNCTION FMIN(AX, BX, F, TOL)
      DOUBLE PRECISION AX, BX, F, TOL
      EXTERNAL F
      DOUBLE PRECISION A, B, C, D, E, EPS, XM, P, Q, R, TOL1, TOL2, U,
     *  V, W, FU, FV, FW, FX, X
      C = 0.5D0*(3. - DSQRT(5.0D0))
      EPS = 1.0D00
   10 EPS = EPS/2.0D00
      TOL1 = 1.0D0 + EPS
      IF (TOL1 .GT. 1.0D00) GO TO 10
      EPS = DSQRT(EPS)
      A = AX
      B = BX
      V = A + C*(B - A)
      W = V
      X = V
      E = 0.0D0
      FX = F(X)
      FV = FX
      FW = FX
   20 XM = 0.5D0*(A + B)
      TOL1 = EPS*DABS(X) + TOL/3.0D0
      TOL2 = 2.0D0*TOL1
      IF (DABS(X - XM) .LE. (TOL2 - 0.5D0*(B - A))) GO TO 90
      IF (DABS(E) .LE. TOL1) GO TO 40
      R = (X - W)*(FX - FV)
      Q = (X - V)*(FX - FW)
      P = (X - V)*Q - (X - W)*R
      Q = 2.0D00*(Q - R)
      IF (Q .GT. 0.0D0) P = -P
      Q = DABS(Q)
      R = E
      E = D
   30 IF (DABS(P) .GE. DABS(0.5D0*Q*R)) GO TO 40
      IF (P .LE. Q*(A - X)) GO TO 40
      IF (P .GE. Q*(B - X)) GO TO 40
      D = P/Q
      U = X + D
      IF ((U - A) .LT. TOL2) D = DSIGN(TOL1, XM - X)
      IF ((B - U) .LT. TOL2) D = DSIGN(TOL1, XM - X)
      GO TO 50
   40 IF (X .GE. XM) E = A - X
      IF (X .LT. XM) E = B - X
      D = C*E
   50 IF (DABS(D) .GE. TOL1) U = X + D
      IF (DABS(D) .LT. TOL1) U = X + DSIGN(TOL1, D)
      FU = F(U)
      IF (FU .GT. FX) GO TO 60
      IF (U .GE. X) A = X
      IF (U .LT. X) B = X
      V = W
      FV = FW
      W = X
      FW = FX
      X = U
      FX = FU
      GO TO 20
   60 IF (U .LT. X) A = U
      IF (U .GE. X) B = U
      IF (FU .LE. FW) GO TO 70
      IF (W .EQ. X) GO TO 70
      IF (FU .LE. FV) GO TO 80
      IF (V .EQ. X) GO TO 80
      IF (V .EQ. W) GO TO 80
      GO TO 20
   70 V = W
      FV = FW
      W = X
      FW = FU
      GO TO 20
   80 V = U
      FV = FU
      GO TO 20
   90 FMIN = X
      RETURN
      END

      DOUBLE PRECISION FUNCTION OBJ(T)
      DOUBLE PRECISION T, XS(8), YS(8), B(8), C(8), D(8), SEVAL
      COMMON /SPL/ XS, YS, B, C, D
      OBJ = -SEVAL(8, T, XS, YS, B, C, D)
      END

      SUBROUTINE PEAK(YIN, XMAX, FMAXV)
      DOUBLE PRECISION YIN(8), XMAX, FMAXV, XS(8), YS(8), B(8), C(8),
     *  D(8), FMIN, OBJ
      EXTERNAL OBJ
      INTEGER I
      COMMON /SPL/ XS, YS, B, C, D
      DO 10 I = 1, 8
        XS(I) = 0.5D0*(I - 1)
        YS(I) = YIN(I)
   10 CONTINUE
      CALL SPLINE(8, XS, YS, B, C, D)
      XMAX = FMIN(1.0D0, 2.5D0, OBJ, 1.0D-10)
      FMAXV = -OBJ(XMAX)
      END
