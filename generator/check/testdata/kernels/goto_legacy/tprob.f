C     Legacy control flow of F77 test-problem collections: a computed
C     GO TO choosing the problem, loops built from labels and IF ... GO TO
C     (nested, one left by a forward GO TO), and a Newton iteration
C     written the same way, in a jointly reversed callee.
      SUBROUTINE TPROB(X, F, N)
      INTEGER N, I, J, K
      DOUBLE PRECISION X(N), F, S, T, R
      F = 0.0D0
      K = 0
    5 K = K + 1
      S = 0.0D0
      GO TO (10, 20, 30) K
C     Problem 1: sum of squares
   10 I = 1
   11 S = S + X(I)**2
      I = I + 1
      IF (I .LE. N) GO TO 11
      GO TO 90
C     Problem 2: a double sum, its inner loop left early
   20 I = 1
   21 J = I
   22 T = X(I)*X(J)
      IF (T .GT. 0.5D0) GO TO 23
      S = S + T
      J = J + 1
      IF (J .LE. N) GO TO 22
   23 I = I + 1
      IF (I .LE. N) GO TO 21
      GO TO 90
C     Problem 3: square root by Newton's method
   30 DO 31 I = 1, N
         S = S + X(I)
   31 CONTINUE
      CALL NROOT(S, R)
      S = R
   90 F = F + DBLE(K)*S
      IF (K .LT. 3) GO TO 5
      RETURN
      END

      SUBROUTINE NROOT(S, R)
      DOUBLE PRECISION S, R
      INTEGER IT
      R = S
      IT = 0
   10 IT = IT + 1
      R = 0.5D0*(R + S/R)
      IF (IT .GT. 100) GO TO 20
      IF (DABS(R*R - S) .GT. 1.0D-13*S) GO TO 10
   20 RETURN
      END
