C     LINPACK DGTSL as published (tridiagonal solve with partial
C     pivoting, GO TO loops), on assumed-size arrays, inside an implicit
C     diffusion step; the coefficients depend on the state.
      SUBROUTINE DGTSL(N,C,D,E,B,INFO)
      INTEGER N,INFO
      DOUBLE PRECISION C(*),D(*),E(*),B(*)
      INTEGER K,KB,KP1,NM1,NM2
      DOUBLE PRECISION T
         INFO = 0
         C(1) = D(1)
         NM1 = N - 1
         IF (NM1 .LT. 1) GO TO 40
            D(1) = E(1)
            E(1) = 0.0D0
            E(N) = 0.0D0
            DO 30 K = 1, NM1
               KP1 = K + 1
               IF (DABS(C(KP1)) .LT. DABS(C(K))) GO TO 10
                  T = C(KP1)
                  C(KP1) = C(K)
                  C(K) = T
                  T = D(KP1)
                  D(KP1) = D(K)
                  D(K) = T
                  T = E(KP1)
                  E(KP1) = E(K)
                  E(K) = T
                  T = B(KP1)
                  B(KP1) = B(K)
                  B(K) = T
   10          CONTINUE
               IF (C(K) .NE. 0.0D0) GO TO 20
                  INFO = K
                  GO TO 100
   20          CONTINUE
               T = -C(KP1)/C(K)
               C(KP1) = D(KP1) + T*D(K)
               D(KP1) = E(KP1) + T*E(K)
               E(KP1) = 0.0D0
               B(KP1) = B(KP1) + T*B(K)
   30       CONTINUE
   40    CONTINUE
         IF (C(N) .NE. 0.0D0) GO TO 50
            INFO = N
         GO TO 90
   50    CONTINUE
            NM2 = N - 2
            B(N) = B(N)/C(N)
            IF (N .EQ. 1) GO TO 80
               B(NM1) = (B(NM1) - D(NM1)*B(N))/C(NM1)
               IF (NM2 .LT. 1) GO TO 70
               DO 60 KB = 1, NM2
                  K = NM2 - KB + 1
                  B(K) = (B(K) - D(K)*B(K+1) - E(K)*B(K+2))/C(K)
   60          CONTINUE
   70          CONTINUE
   80       CONTINUE
   90    CONTINUE
  100 CONTINUE
      RETURN
      END
      SUBROUTINE DIFF(U, N, DT, NT)
      INTEGER N, NT, I, IT, INFO
      DOUBLE PRECISION U(N), DT
      DOUBLE PRECISION SUB(50), DIA(50), SUP(50), R
      DO 20 IT = 1, NT
         DO 10 I = 1, N
            R = DT*(1.0D0 + 0.1D0*U(I)**2)
            SUB(I) = -R
            DIA(I) = 1.0D0 + 2.0D0*R
            SUP(I) = -R
   10    CONTINUE
         CALL DGTSL(N, SUB, DIA, SUP, U, INFO)
   20 CONTINUE
      END
