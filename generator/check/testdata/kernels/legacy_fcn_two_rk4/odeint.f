C     Two right-hand sides integrated by one fixed-step RK4 driver, which
C     hands its EXTERNAL DERIVS on to the stepper (Numerical Recipes
C     style): DERIVS is bound to DECAY and to OSC through two levels.
      SUBROUTINE DECAY(N, T, Y, DYDT)
      INTEGER N
      DOUBLE PRECISION T, Y(N), DYDT(N)
      COMMON /PARS/ RK, OMEGA
      DOUBLE PRECISION RK, OMEGA
      INTEGER I
      DO 10 I = 1, N
         DYDT(I) = -RK*Y(I)*(1.D0 + 0.1D0*T)
   10 CONTINUE
      END
      SUBROUTINE OSC(N, T, Y, DYDT)
      INTEGER N
      DOUBLE PRECISION T, Y(N), DYDT(N)
      COMMON /PARS/ RK, OMEGA
      DOUBLE PRECISION RK, OMEGA
      DYDT(1) = Y(2)
      DYDT(2) = -OMEGA**2*SIN(Y(1))
      END
      SUBROUTINE RK4(Y, DYDX, N, X, H, YOUT, DERIVS)
      INTEGER N, NMAX
      PARAMETER (NMAX=10)
      DOUBLE PRECISION H, X, DYDX(N), Y(N), YOUT(N)
      EXTERNAL DERIVS
      INTEGER I
      DOUBLE PRECISION H6, HH, XH, DYM(NMAX), DYT(NMAX), YT(NMAX)
      HH = H*0.5D0
      H6 = H/6.D0
      XH = X + HH
      DO 11 I = 1, N
         YT(I) = Y(I) + HH*DYDX(I)
   11 CONTINUE
      CALL DERIVS(N, XH, YT, DYT)
      DO 12 I = 1, N
         YT(I) = Y(I) + HH*DYT(I)
   12 CONTINUE
      CALL DERIVS(N, XH, YT, DYM)
      DO 13 I = 1, N
         YT(I) = Y(I) + H*DYM(I)
         DYM(I) = DYT(I) + DYM(I)
   13 CONTINUE
      CALL DERIVS(N, X+H, YT, DYT)
      DO 14 I = 1, N
         YOUT(I) = Y(I) + H6*(DYDX(I) + DYT(I) + 2.D0*DYM(I))
   14 CONTINUE
      END
      SUBROUTINE RKDUMB(VSTART, NVAR, X1, X2, NSTEP, DERIVS)
      INTEGER NSTEP, NVAR, NMAX
      PARAMETER (NMAX=10)
      DOUBLE PRECISION X1, X2, VSTART(NVAR)
      EXTERNAL DERIVS
      INTEGER I, K
      DOUBLE PRECISION H, X, DV(NMAX), V(NMAX)
      DO 11 I = 1, NVAR
         V(I) = VSTART(I)
   11 CONTINUE
      X = X1
      H = (X2 - X1)/NSTEP
      DO 13 K = 1, NSTEP
         CALL DERIVS(NVAR, X, V, DV)
         CALL RK4(V, DV, NVAR, X, H, V, DERIVS)
         X = X + H
   13 CONTINUE
      DO 14 I = 1, NVAR
         VSTART(I) = V(I)
   14 CONTINUE
      END
      SUBROUTINE TOP(Y1, Y2, RATE, W, COST)
      DOUBLE PRECISION Y1(3), Y2(2), RATE, W, COST
      COMMON /PARS/ RK, OMEGA
      DOUBLE PRECISION RK, OMEGA
      EXTERNAL DECAY, OSC
      RK = RATE
      OMEGA = W
      CALL RKDUMB(Y1, 3, 0.D0, 1.D0, 8, DECAY)
      CALL RKDUMB(Y2, 2, 0.D0, 2.D0, 10, OSC)
      COST = Y1(1)**2 + Y1(2)*Y1(3) + Y2(1)*Y2(2)
      END
