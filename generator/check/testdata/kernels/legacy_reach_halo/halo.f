C     Grid routines with halo cells: U(0:*) holds the halo U(0) and
C     U(N+1) around the interior U(1..N), and the caller passes the
C     element before the interior, A(1) of its assumed-size A.
      SUBROUTINE SMOOTH(N, W, U)
      INTEGER N, I
      DOUBLE PRECISION W, U(0:*), T(100)
      DO 10 I = 1, N
         T(I) = U(I-1)*W + U(I)*(1.0D0 - 2.0D0*W) + U(I+1)*W
   10 CONTINUE
      DO 20 I = 1, N
         U(I) = T(I)
   20 CONTINUE
      END
      SUBROUTINE SQUASH(N, W, U)
      INTEGER N, I
      DOUBLE PRECISION W, U(0:*)
      DO 30 I = 1, N
         U(I) = W*U(I)**2
   30 CONTINUE
      END
      SUBROUTINE STEP(N, A, W)
      INTEGER N
      DOUBLE PRECISION A(*), W
      A(1) = A(2)
      A(N+2) = A(N+1)
      CALL SMOOTH(N, W, A(1))
      CALL SQUASH(N, W, A(1))
      A(N+2) = A(N+2)*A(2)
      END
      SUBROUTINE TOP(N, A, W, F)
      INTEGER N, I
      DOUBLE PRECISION A(N+2), W, F
      CALL STEP(N, A, W)
      F = 0.0D0
      DO 40 I = 1, N+2
         F = F + A(I)**3
   40 CONTINUE
      END
