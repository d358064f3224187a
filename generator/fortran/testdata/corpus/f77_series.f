*     ------------------------------------------------------------------
*     SERIES EVALUATION OF ELEMENTARY FUNCTIONS COMPARED WITH INTRINSICS
*     EXP BY A DO WHILE LOOP, SIN AND COS BY HORNER WITH A NEGATIVE
*     STEP, LOG BY THE ATANH SERIES, PI BY MACHIN'S FORMULA.
*     USES THE COMMON F77 EXTENSIONS DO WHILE / END DO AND ENDDO.
*     ------------------------------------------------------------------
      Program Series
      Implicit None
      Double Precision X, Ser, Dsum, Exps, Sins, Coss, Rlog, Atns
      Double Precision Pi, Tol
      Integer I, NTerm
      Parameter (Tol = 1.5D-16)
      Write (6, 100)
      Do I = -2, 3
         X = 0.5D0 * I
         Ser = Exps(X, Tol, NTerm)
         Write (6, 110) 'EXP', X, Ser, Exp(X), Ser - Exp(X), NTerm
      End Do
      Do 10 I = 0, 6, 2
         X = .5 * I
         Write (6, 110) 'SIN', X, Sins(X), Sin(X), Sins(X) - Sin(X), 12
         Write (6, 110) 'COS', X, Coss(X), Cos(X), Coss(X) - Cos(X), 12
   10 Continue
      Do 20 I = 1, 4
         X = 5. * I - 4.0D0
         Ser = Rlog(X, NTerm)
         Write (6, 110) 'LOG', X, Ser, Log(X), Ser - Log(X), NTerm
   20 Continue
*     MACHIN: PI/4 = 4 ATAN(1/5) - ATAN(1/239)
      Pi = 16.0D0 * Atns(1.0D0/5.0D0, NTerm)
     &   - 4.0D0 * Atns(1.0D0/239.0D0, I)
      Write (6, 120) Pi, NTerm, I,
     1               Abs(Pi - 4.0D0*Atan(1.0D0)) .Lt. 1D-15
*     SUM OF 1/K**2 ACCUMULATED BACKWARDS FOR ACCURACY
      Dsum = 0.0D0
      Do 30 I = 100000, 1, -1
         Dsum = Dsum + 1.0D0 / (Dble(I) * Dble(I))
   30 Continue
      Write (6, 130) Dsum, Sqrt(6.0D0 * Dsum)
  100 Format (' FN', 6X, 'X', 13X, 'SERIES', 11X, 'INTRINSIC',
     $        6X, 'DIFF', 4X, 'N')
  110 Format (1X, A3, F7.2, 2F20.15, 1PE10.2, I5)
  120 Format (' MACHIN PI =', F19.15, 2I4, L3)
  130 Format (' BASEL SUM =', F19.15, ' -> PI =', F19.15)
      Stop
      End
*
      Double Precision Function Exps(X, Tol, N)
      Double Precision X, Tol, Term
      Integer N
      Exps = 1.0D0
      Term = 1.0D0
      N = 0
      Do While (Abs(Term) .Gt. Tol * Abs(Exps))
         N = N + 1
         Term = Term * X / N
         Exps = Exps + Term
      EndDo
      End
*
*     SIN AND COS BY NESTED (HORNER) EVALUATION OF 12 TERMS
      Double Precision Function Sins(X)
      Double Precision X, X2
      Integer K
      X2 = X * X
      Sins = 1.0D0
      Do 10 K = 12, 1, -1
         Sins = 1.0D0 - X2 / Dble((2*K) * (2*K+1)) * Sins
   10 Continue
      Sins = X * Sins
      End
*
      Double Precision Function Coss(X)
      Double Precision X, X2
      Integer K
      X2 = X * X
      Coss = 1.0D0
      Do 10 K = 12, 1, -1
   10 Coss = 1.0D0 - X2 / Dble((2*K-1) * (2*K)) * Coss
      End
*
*     LOG(X) = 2 * ATANH((X-1)/(X+1))
      Double Precision Function Rlog(X, N)
      Double Precision X, Z, Z2, P, Term
      Integer N
      Z = (X - 1.0D0) / (X + 1.0D0)
      Z2 = Z * Z
      P = Z
      Rlog = 0.0D0
      N = 0
   10 Term = P / Dble(2*N + 1)
      Rlog = Rlog + Term
      P = P * Z2
      N = N + 1
      If (Abs(Term) .Gt. 1.0D-17 .And. N .Lt. 500) GoTo 10
      Rlog = 2.0D0 * Rlog
      End
*
      Double Precision Function Atns(X, N)
      Double Precision X, P, Term
      Integer N
      Atns = 0.0D0
      P = X
      N = 0
      Do While (P .Gt. 1.0D-18)
         Term = P / Dble(2*N + 1)
         If (Mod(N, 2) .Eq. 0) Then
            Atns = Atns + Term
         Else
            Atns = Atns - Term
         EndIf
         P = P * X * X
         N = N + 1
      End Do
      End
