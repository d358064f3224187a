c     Newton iterations for square roots and for a cubic equation.
c     Mixed-case F77 with typed function headers (REAL FUNCTION,
c     INTEGER FUNCTION), EXTERNAL and INTRINSIC statements.
      program Newton
      implicit none
      real RtNewt, Fcub, Dcub, Heron
      integer NCorr, nit
      external Fcub, Dcub
      intrinsic Sqrt, Abs
      real x, r, s
      integer k
      Write (6, 100)
      Do 10 k = 1, 6
         x = Real(k*k + 1)
         r = Heron(x, nit)
         s = Sqrt(x)
         Write (6, 110) x, r, s, nit, NCorr(r, s)
   10 Continue
c     Root of x**3 - 2x - 5 (Wallis' cubic) from several starting points
      Do 20 k = 1, 3
         r = RtNewt(Fcub, Dcub, Real(k), 1.0e-6, 50, nit)
         Write (6, 120) Real(k), r, nit, Abs(Fcub(r)) .lt. 1.0e-4
   20 Continue
  100 Format (8x, 'x', 8x, 'heron', 9x, 'sqrt', 2x, 'it', 2x, 'dig')
  110 Format (F9.2, 2F13.7, 2I4)
  120 Format (' start', F5.1, '  root', F12.7, '  iters', I3,
     $        '  ok ', L1)
      End
c
      Real Function Heron(a, nit)
c     Babylonian square root; loop built from IF and GO TO
      Real a, xold
      Integer nit
      Heron = a
      nit = 0
    5 Continue
      xold = Heron
      Heron = 0.5 * (Heron + a/Heron)
      nit = nit + 1
      If (Abs(Heron - xold) .gt. 1.0e-6*Heron .and. nit .lt. 100)
     &   GoTo 5
      Return
      End
c
      REAL FUNCTION RTNEWT(F, DF, X0, TOL, MAXIT, NIT)
      REAL F, DF, X0, TOL, DX
      INTEGER MAXIT, NIT
      EXTERNAL F, DF
      RTNEWT = X0
      DO 10 NIT = 1, MAXIT
         DX = F(RTNEWT) / DF(RTNEWT)
         RTNEWT = RTNEWT - DX
         IF (ABS(DX) .LT. TOL) RETURN
   10 CONTINUE
      NIT = MAXIT
      END
c
      real function fcub(x)
      real x
      fcub = x**3 - 2.0*x - 5.0
      end
c
      real function dcub(x)
      real x
      dcub = 3.0*x**2 - 2.0
      end
c
c     Number of agreeing significant digits between A and B (0..7)
      Integer Function NCorr(a, b)
      Real a, b, d
      d = Abs(a - b)
      If (d .eq. 0.0) Then
         NCorr = 7
      Else
         NCorr = Max(0, Min(7, Int(-Log10(d / Abs(b)))))
      End If
      End
