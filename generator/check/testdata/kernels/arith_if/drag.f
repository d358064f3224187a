C     Legacy F77 as NETLIB codes write it: arithmetic IFs choose the
C     branch of a piecewise drag law (three labels), skip a term (two
C     labels equal) and close a refinement loop built from labels
C     (a branch back to label 50).
      SUBROUTINE DRAG(N, V, CD, F)
      INTEGER N, I, K
      DOUBLE PRECISION V(N), CD, F, RE, C, T
      F = 0.0D0
      DO 40 I = 1, N
         RE = 1.0D3*ABS(V(I))
         IF (RE - 1.0D3) 10, 20, 30
   10    C = 24.0D0/(RE + 1.0D0) + 0.44D0
         GO TO 35
   20    C = 0.464D0
         GO TO 35
   30    C = 0.44D0*(1.0D0 + 1.0D3/RE)
   35    F = F + CD*C*V(I)**2
         IF (V(I)) 40, 40, 38
   38    F = F + 0.1D0*V(I)**3
   40 CONTINUE
      K = 3
      T = F
   50 T = 0.5D0*(T + F/T)
      K = K - 1
      IF (K) 60, 60, 50
   60 F = T
      END
