C     Numerical Recipes style integrator with EXTERNAL right-hand side
      SUBROUTINE DERIVS(X, Y, DYDX)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y(*), DYDX(*)
      COMMON /RATES/ AK1, AK2, AK3
      DYDX(1) = -AK1*Y(1) + AK2*Y(2)*Y(3)
      DYDX(2) = AK1*Y(1) - AK2*Y(2)*Y(3) - AK3*Y(2)**2
      DYDX(3) = AK3*Y(2)**2*DEXP(-0.1D0*X)
      RETURN
      END

      SUBROUTINE RK4(Y, DYDX, N, X, H, YOUT, DERIVS)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NMAX=10)
      DIMENSION Y(N), DYDX(N), YOUT(N), YT(NMAX), DYT(NMAX), DYM(NMAX)
      EXTERNAL DERIVS
      HH = H*0.5D0
      H6 = H/6.D0
      XH = X + HH
      DO 11 I = 1, N
         YT(I) = Y(I) + HH*DYDX(I)
   11 CONTINUE
      CALL DERIVS(XH, YT, DYT)
      DO 12 I = 1, N
         YT(I) = Y(I) + HH*DYT(I)
   12 CONTINUE
      CALL DERIVS(XH, YT, DYM)
      DO 13 I = 1, N
         YT(I) = Y(I) + H*DYM(I)
         DYM(I) = DYT(I) + DYM(I)
   13 CONTINUE
      CALL DERIVS(X+H, YT, DYT)
      DO 14 I = 1, N
         YOUT(I) = Y(I) + H6*(DYDX(I) + DYT(I) + 2.D0*DYM(I))
   14 CONTINUE
      RETURN
      END

      SUBROUTINE RKDUMB(VSTART, NVAR, X1, X2, NSTEP, DERIVS, YEND)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (NMAX=10)
      DIMENSION VSTART(NVAR), YEND(NVAR), V(NMAX), DV(NMAX), VOUT(NMAX)
      EXTERNAL DERIVS
      DO 11 I = 1, NVAR
         V(I) = VSTART(I)
   11 CONTINUE
      X = X1
      H = (X2 - X1)/NSTEP
      DO 13 K = 1, NSTEP
         CALL DERIVS(X, V, DV)
         CALL RK4(V, DV, NVAR, X, H, VOUT, DERIVS)
         DO 12 I = 1, NVAR
            V(I) = VOUT(I)
   12    CONTINUE
         X = X + H
   13 CONTINUE
      DO 14 I = 1, NVAR
         YEND(I) = V(I)
   14 CONTINUE
      RETURN
      END

      DOUBLE PRECISION FUNCTION TRAPZD(FUNC, A, B, N)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      EXTERNAL FUNC
      DEL = (B - A)/N
      S = 0.5D0*(FUNC(A) + FUNC(B))
      DO 11 J = 1, N - 1
         S = S + FUNC(A + J*DEL)
   11 CONTINUE
      TRAPZD = S*DEL
      RETURN
      END

      DOUBLE PRECISION FUNCTION WEIGHT(T)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      COMMON /RATES/ AK1, AK2, AK3
      WEIGHT = DEXP(-AK3*T)*T
      RETURN
      END

      SUBROUTINE CHEM(Y0, T1, NSTEP, COST)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION Y0(3), Y(3)
      EXTERNAL DERIVS, WEIGHT
      COMMON /RATES/ AK1, AK2, AK3
      CALL RKDUMB(Y0, 3, 0.D0, T1, NSTEP, DERIVS, Y)
      COST = Y(1)**2 + Y(2) + Y(3)*TRAPZD(WEIGHT, 0.D0, T1, 8)
      RETURN
      END
