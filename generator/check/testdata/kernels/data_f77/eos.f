C     Passive constants set by DATA statements, F77 style: an implied-DO
C     list, repeat counts, scalars, an integer table, and a callee with
C     its own table (reversed jointly: its adjoint re-initialises it).
      SUBROUTINE EOS(T, P, RHOM, N)
      INTEGER N, I, K, CPTS
      PARAMETER (CPTS = 4)
      DOUBLE PRECISION T(N), P(N), RHOM
      DOUBLE PRECISION RHO(CPTS), W(CPTS), R, SCAL, C
      INTEGER IDX(3)
      DATA (RHO(I),I=1,CPTS) /1.2D0, 0.8D0, 1.5D0, 2.1D0/
      DATA W /2*0.2D0, 2*0.3D0/
      DATA R, SCAL /8.314D0, 1.0D-2/
      RHOM = 0.0D0
C     A DATA statement among the executable ones (legal, obsolescent)
      DATA IDX /1, 3, 2/
      DO 10 I = 1, N
         K = MOD(I - 1, CPTS) + 1
         CALL VISC(T(I), K, C)
         P(I) = RHO(K)*R*T(I)*SCAL + W(K)*T(I)**2 + C
         RHOM = RHOM + W(K)*P(I)*RHO(IDX(MOD(I, 3) + 1))
   10 CONTINUE
      RETURN
      END

      SUBROUTINE VISC(T, K, C)
      INTEGER K
      DOUBLE PRECISION T, C, A(4), B
      DATA A /0.1D0, 0.2D0, 0.3D0, 0.4D0/, B /1.5D0/
      C = A(K)*T**B
      END
