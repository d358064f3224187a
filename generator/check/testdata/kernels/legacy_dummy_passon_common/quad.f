C     A quadrature FUNCTION taking its integrand as EXTERNAL, and a
C     driver FUNCTION passing its own dummy G on to it twice, applied to
C     an integrand whose parameter the program sets through COMMON: the
C     reference of TWICE is hoisted with the saves of the COMMON it
C     uses, its dummy procedure G being nothing it could define.
      DOUBLE PRECISION FUNCTION SIMPS(F, A, B, N)
      IMPLICIT NONE
      EXTERNAL F
      DOUBLE PRECISION F, A, B, H, S
      INTEGER N, I
      H = (B - A)/N
      S = F(A) + F(B)
      DO 10 I = 1, N-1, 2
         S = S + 4.D0*F(A + I*H)
   10 CONTINUE
      DO 20 I = 2, N-2, 2
         S = S + 2.D0*F(A + I*H)
   20 CONTINUE
      SIMPS = S*H/3.D0
      END
      DOUBLE PRECISION FUNCTION TWICE(G, A, B)
      IMPLICIT NONE
      EXTERNAL G
      DOUBLE PRECISION G, A, B, C, SIMPS
      C = 0.5D0*(A + B)
      TWICE = SIMPS(G, A, C, 6) + SIMPS(G, C, B, 6)
      END
      DOUBLE PRECISION FUNCTION GAUSS(X)
      DOUBLE PRECISION X
      COMMON /PAR/ SIG
      DOUBLE PRECISION SIG
      GAUSS = EXP(-X*X/SIG)
      END
      SUBROUTINE TOP(A, B, SIGIN, S)
      IMPLICIT NONE
      DOUBLE PRECISION A, B, SIGIN, S, TWICE, GAUSS
      COMMON /PAR/ SIG
      DOUBLE PRECISION SIG
      EXTERNAL GAUSS
      SIG = SIGIN
      S = TWICE(GAUSS, A, B)
      SIG = 2.0D0*SIG
      S = S*TWICE(GAUSS, A, B)
      END
