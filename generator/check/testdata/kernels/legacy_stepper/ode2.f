C     An integrator taking its stepper and right-hand side as EXTERNAL
C     arguments, as Numerical Recipes' ODEINT takes RKQS and DERIVS
      SUBROUTINE DERIVS(X, Y, DYDX)
      DOUBLE PRECISION X, Y(2), DYDX(2)
      COMMON /PAR/ OMEGA, DAMP
      DOUBLE PRECISION OMEGA, DAMP
      DYDX(1) = Y(2)
      DYDX(2) = -OMEGA**2*Y(1) - DAMP*Y(2)
      RETURN
      END

      SUBROUTINE EULER2(Y, N, X, H, DERIVS)
      INTEGER N, I
      DOUBLE PRECISION Y(N), X, H, DY(10), YM(10)
      EXTERNAL DERIVS
      CALL DERIVS(X, Y, DY)
      DO 10 I = 1, N
         YM(I) = Y(I) + 0.5D0*H*DY(I)
   10 CONTINUE
      CALL DERIVS(X + 0.5D0*H, YM, DY)
      DO 20 I = 1, N
         Y(I) = Y(I) + H*DY(I)
   20 CONTINUE
      RETURN
      END

      SUBROUTINE ODEINT(Y, N, X1, X2, NSTEP, DERIVS, STEPPR)
      INTEGER N, NSTEP, K
      DOUBLE PRECISION Y(N), X1, X2, X, H
      EXTERNAL DERIVS, STEPPR
      H = (X2 - X1)/NSTEP
      X = X1
      DO 30 K = 1, NSTEP
         CALL STEPPR(Y, N, X, H, DERIVS)
         X = X + H
   30 CONTINUE
      RETURN
      END

      SUBROUTINE OSC(Y0, T, NSTEP, E)
      INTEGER NSTEP
      DOUBLE PRECISION Y0(2), T, E, Y(2)
      EXTERNAL DERIVS, EULER2
      COMMON /PAR/ OMEGA, DAMP
      DOUBLE PRECISION OMEGA, DAMP
      Y(1) = Y0(1)
      Y(2) = Y0(2)
      CALL ODEINT(Y, 2, 0.D0, T, NSTEP, DERIVS, EULER2)
      E = 0.5D0*(Y(2)**2 + OMEGA**2*Y(1)**2)
      RETURN
      END
