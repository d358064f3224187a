*     ------------------------------------------------------------------
*     COMPOSITE TRAPEZOID AND SIMPSON QUADRATURE.
*     IMPLICIT DOUBLE PRECISION, EXTERNAL AND INTRINSIC STATEMENTS,
*     A STATEMENT FUNCTION AND DOUBLE PRECISION FUNCTIONS PASSED AS
*     ACTUAL ARGUMENTS.
*     ------------------------------------------------------------------
      PROGRAM QUAD
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      EXTERNAL FEXP, FPOLY
      INTRINSIC DSIN
      DOUBLE PRECISION TRAP, SIMP
      PARAMETER (PI = 3.14159265358979323846D0)
*     STATEMENT FUNCTIONS: EXACT INTEGRAL OF X**2+1 ON [0,B], AND A
*     RELATIVE ERROR
      POLYEX(B) = B**3/3.0D0 + B
      RELERR(U, V) = ABS(U - V) / ABS(V)
      WRITE (6,90)
      E = EXP(1.0D0) - 1.0D0
      DO 10 K = 1, 5
         N = 4 * 2**K
         T1 = TRAP(FEXP, 0.0D0, 1.0D0, N)
         S1 = SIMP(FEXP, 0.0D0, 1.0D0, N)
         WRITE (6,100) N, T1, S1, RELERR(T1,E), RELERR(S1,E)
   10 CONTINUE
      T2 = TRAP(DSIN, 0.0D0, PI, 64)
      S2 = SIMP(DSIN, 0.0D0, PI, 64)
      WRITE (6,110) 'SIN', T2, S2
      T3 = TRAP(FPOLY, 0.0D0, 2.0D0, 16)
      S3 = SIMP(FPOLY, 0.0D0, 2.0D0, 16)
      WRITE (6,110) 'POL', T3, S3
      WRITE (6,120) POLYEX(2.0D0), ABS(S3 - POLYEX(2.0D0)) .LT. 1.0D-12
   90 FORMAT (4X,'N',11X,'TRAP',16X,'SIMP',9X,'ERR T',6X,'ERR S')
  100 FORMAT (I5, 2F20.14, 1P, 2E11.3)
  110 FORMAT (1X, A3, 1X, 2F20.14)
  120 FORMAT (' EXACT ', F20.14, ' SIMPSON EXACT: ', L1)
      END
*
      DOUBLE PRECISION FUNCTION TRAP(F, A, B, N)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      EXTERNAL F
      H = (B - A) / DBLE(N)
      S = 0.5D0 * (F(A) + F(B))
      DO 10 I = 1, N - 1
         S = S + F(A + DBLE(I)*H)
   10 CONTINUE
      TRAP = S * H
      RETURN
      END
*
      DOUBLE PRECISION FUNCTION SIMP(F, A, B, N)
      IMPLICIT REAL*8 (A-H,O-Z)
      EXTERNAL F
      H = (B - A) / N
      S = F(A) + F(B)
      DO 20 I = 1, N - 1, 2
   20 S = S + 4.0D0 * F(A + I*H)
      DO 30 I = 2, N - 2, 2
   30 S = S + 2.0D0 * F(A + I*H)
      SIMP = S * H / 3.0D0
      END
*
      DOUBLE PRECISION FUNCTION FEXP(X)
      DOUBLE PRECISION X
      FEXP = EXP(X)
      END
*
      DOUBLE PRECISION FUNCTION FPOLY(X)
      DOUBLE PRECISION X
      FPOLY = X**2 + 1.0D0
      END
