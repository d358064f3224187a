C     A control in a common block passed to a routine that only reads it:
C     its adjoint accumulates (it was zeroed before the backward sweep).
      SUBROUTINE ADDK( kap, n )
      INTEGER n, i
      REAL*8 kap
      REAL*8 t(5), cst
      COMMON /ST/ t, cst
      DO i = 1, n
        t(i) = t(i)*(1.d0 + kap*t(i))
      ENDDO
      END
      SUBROUTINE MAIN( n )
      INTEGER n, it, i
      REAL*8 t(5), cst
      COMMON /ST/ t, cst
      REAL*8 xk, xt(5)
      COMMON /CTRL/ xt, xk
      DO i = 1, n
        t(i) = xt(i)
      ENDDO
      cst = 0.d0
      DO it = 1, 3
        CALL ADDK( xk, n )
        DO i = 1, n
          cst = cst + t(i)**2
        ENDDO
      ENDDO
      END
