C     Box ocean: tracers in a COMMON array, named by EQUIVALENCE
      SUBROUTINE MIX(DT)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      COMMON /TRC/ TR(6)
      DIMENSION T(3), S(3)
      EQUIVALENCE (TR(1), T(1)), (TR(4), S(1))
      COMMON /PHYS/ XKAP, ALPH, BETA
      RHO1 = -ALPH*T(1) + BETA*S(1)
      RHO2 = -ALPH*T(2) + BETA*S(2)
      Q = XKAP*DMAX1(RHO1 - RHO2, 0.D0)
      DO 10 I = 1, 2
         DT1 = DT*Q*(T(3) - T(I))
         DS1 = DT*Q*(S(3) - S(I))
         T(I) = T(I) + DT1
         S(I) = S(I) + DS1
         T(3) = T(3) - 0.5D0*DT1
         S(3) = S(3) - 0.5D0*DS1
   10 CONTINUE
      RETURN
      END

      SUBROUTINE FORCE(DT, FT, FS)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      COMMON /TRC/ TR(6)
      TR(1) = TR(1) + DT*FT
      TR(4) = TR(4) + DT*FS
      RETURN
      END

      SUBROUTINE OCEAN(NT, DT, FT, FS, COST)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      COMMON /TRC/ TR(6)
      COMMON /PHYS/ XKAP, ALPH, BETA
      DO 20 IT = 1, NT
         CALL FORCE(DT, FT, FS)
         CALL MIX(DT)
   20 CONTINUE
      COST = TR(1)**2 + TR(2)*TR(5) + TR(6)
      RETURN
      END

      SUBROUTINE OSETUP(NT, DT, FT, FS, COST)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      COMMON /PHYS/ XKAP, ALPH, BETA
      XKAP = 0.5D0
      ALPH = 0.2D0
      BETA = 0.8D0
      RETURN
      END
