      DOUBLE PRECISION FUNCTION ZEROIN(AX, BX, F, TOL)
      DOUBLE PRECISION AX, BX, F, TOL
      EXTERNAL F
      DOUBLE PRECISION A, B, C, D, E, EPS, FA, FB, FC, TOL1, XM, P, Q,
     *  R, S
      EPS = EPSILON(1.0D0)
      A = AX
      B = BX
      FA = F(A)
      FB = F(B)
   20 C = A
      FC = FA
      D = B - A
      E = D
   30 IF (DABS(FC) .GE. DABS(FB)) GO TO 40
      A = B
      B = C
      C = A
      FA = FB
      FB = FC
      FC = FA
   40 TOL1 = 2.0D0*EPS*DABS(B) + 0.5D0*TOL
      XM = .5D0*(C - B)
      IF (DABS(XM) .LE. TOL1) GO TO 90
      IF (FB .EQ. 0.0D0) GO TO 90
      IF (DABS(E) .LT. TOL1) GO TO 70
      IF (DABS(FA) .LE. DABS(FB)) GO TO 70
      IF (A .NE. C) GO TO 50
      S = FB/FA
      P = 2.0D0*XM*S
      Q = 1.0D0 - S
      GO TO 60
   50 Q = FA/FC
      R = FB/FC
      S = FB/FA
      P = S*(2.0D0*XM*Q*(Q - R) - (B - A)*(R - 1.0D0))
      Q = (Q - 1.0D0)*(R - 1.0D0)*(S - 1.0D0)
   60 IF (P .GT. 0.0D0) Q = -Q
      P = DABS(P)
      IF ((2.0D0*P) .GE. (3.0D0*XM*Q - DABS(TOL1*Q))) GO TO 70
      IF (P .GE. DABS(0.5D0*E*Q)) GO TO 70
      E = D
      D = P/Q
      GO TO 80
   70 D = XM
      E = D
   80 A = B
      FA = FB
      IF (DABS(D) .GT. TOL1) B = B + D
      IF (DABS(D) .LE. TOL1) B = B + DSIGN(TOL1, XM)
      FB = F(B)
      IF ((FB*(FC/DABS(FC))) .GT. 0.0D0) GO TO 20
      GO TO 30
   90 ZEROIN = B
      RETURN
      END

      DOUBLE PRECISION FUNCTION RESID(X)
      DOUBLE PRECISION X, C(3)
      COMMON /COEF/ C
      RESID = X**3 + C(1)*X**2 + C(2)*X - C(3)
      END

      SUBROUTINE ROOTS(P, NR, OUT)
      INTEGER NR, I
      DOUBLE PRECISION P(3), OUT, C(3), ZEROIN, X, RESID
      EXTERNAL RESID
      COMMON /COEF/ C
      OUT = 0.0D0
      DO 10 I = 1, NR
        C(1) = P(1)
        C(2) = P(2)*I
        C(3) = P(3) + 0.1D0*I
        X = ZEROIN(-0.2D0, 3.0D0, RESID, 1.0D-14)
        OUT = OUT + X**2
   10 CONTINUE
      END
