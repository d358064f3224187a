c     Continuation lines, mixed case, an unnamed main program and
c     alternate returns.
      Integer i, n
      Double Precision x, y, z, Coef1, Coef2, Coef3, Polynomial
      Parameter (n = 4)
      x = 0.5D0
      Coef1 = 1.0D0
      Coef2 = -2.0d0
      Coef3 = 3.0D0
C     a long expression continued with several continuation characters
      Polynomial = Coef1 + Coef2*x + Coef3*x**2 + Coef1*x**3
     &           + Coef2*x**4
     $           + Coef3*x**5 + Coef1*x**6 + Coef2*x**7 + Coef3*x**8
C     a comment between continuation lines
     +           + Coef1*x**9 + Coef2*x**10 + Coef3*x**11 + Coef1*x**12
     1           - (Coef2 - Coef3)*(x - 1.0D0)/(x + 1.0D0)**2
      y = -(x + 1.0D0)**2 / (2.0D0 * x) - x * (-y) + (x - (y - z))
      z = x - y - z + (x - y) - (x + y) + x / y * z - x / (y * z)
	i = 2
      Call Branch(i, *10, *20)
      Write (6, *) 'no branch', Polynomial
      GoTo 30
   10 Write (6, *) 'first', y
      Go To 30
   20 Write (6, *) 'second', z
   30 Continue
      End

      Subroutine Branch(k, *, *)
      Integer k
      If (k .Eq. 1) Return 1
      If (k .EQ. 2) RETURN 2
      Return
      End
