MODULE traadv
   USE par_kind
   USE lbclnk
#include "consts.h"
   IMPLICIT NONE
   PRIVATE
   PUBLIC :: tra_adv, tra_init, setup
   INTEGER, PUBLIC :: jpi, jpj, jpk
   REAL(wp), PUBLIC, ALLOCATABLE, SAVE, DIMENSION(:,:,:) :: tmask
   REAL(wp), PUBLIC, ALLOCATABLE, SAVE, DIMENSION(:,:) :: e1t, e2t
   INTEGER, PUBLIC, ALLOCATABLE, SAVE, DIMENSION(:,:) :: mbkt
   INTEGER, PUBLIC :: nn_adv = 2
   REAL(wp), ALLOCATABLE, SAVE, DIMENSION(:,:,:) :: zwx   ! work array allocated once
CONTAINS
   SUBROUTINE tra_init(ni, nj, nk)
      INTEGER, INTENT(in) :: ni, nj, nk
      INTEGER :: ji, jj
      jpi = ni; jpj = nj; jpk = nk
      IF (.NOT. ALLOCATED(tmask)) ALLOCATE(tmask(ni,nj,nk), e1t(ni,nj), e2t(ni,nj), mbkt(ni,nj))
      tmask = 1._wp
      DO jj = 1, nj
         DO ji = 1, ni
            e1t(ji,jj) = 1000._wp + 10._wp*ji
            e2t(ji,jj) = 1000._wp + 5._wp*jj
            mbkt(ji,jj) = MAX(1, nk - MOD(ji + jj, 2))
            tmask(ji,jj,mbkt(ji,jj)+1:nk) = 0._wp
         END DO
      END DO
   END SUBROUTINE tra_init

   SUBROUTINE tra_adv_cen(pun, ptb, pta, ptend)
      REAL(wp), INTENT(in) :: pun(:,:,:), ptb(:,:,:)
      REAL(wp), INTENT(inout) :: pta(:,:,:)
      REAL(wp), INTENT(inout), OPTIONAL :: ptend(:,:,:)
      INTEGER :: ji, jj, jk
      IF (.NOT. ALLOCATED(zwx)) ALLOCATE(zwx(jpi,jpj,jpk))
      zwx = 0._wp
      DO jk = 1, jpk
         DO jj = 1, jpj
            DO ji = 1, jpi - 1
               zwx(ji,jj,jk) = 0.5_wp*pun(ji,jj,jk)*(ptb(ji,jj,jk) + ptb(ji+1,jj,jk))*e2t(ji,jj)
            END DO
         END DO
      END DO
      DO jk = 1, jpk
         DO jj = 1, jpj
            DO ji = 2, jpi
               pta(ji,jj,jk) = pta(ji,jj,jk) - (zwx(ji,jj,jk) - zwx(ji-1,jj,jk))/(e1t(ji,jj)*e2t(ji,jj))*tmask(ji,jj,jk)
               IF (PRESENT(ptend)) ptend(ji,jj,jk) = ptend(ji,jj,jk) + zwx(ji,jj,jk)
            END DO
         END DO
      END DO
   END SUBROUTINE tra_adv_cen

   SUBROUTINE tra_adv_up(pun, ptb, pta)
      REAL(wp), INTENT(in) :: pun(:,:,:), ptb(:,:,:)
      REAL(wp), INTENT(inout) :: pta(:,:,:)
      INTEGER :: ji, jj, jk, jup
      REAL(wp) :: zf
      DO jk = 1, jpk
         DO jj = 1, jpj
            DO ji = 2, jpi - 1
               jup = ji - NINT(0.5_wp + SIGN(0.5_wp, pun(ji,jj,jk)))
               zf = pun(ji,jj,jk)*ptb(jup+1,jj,jk)
               pta(ji,jj,jk) = pta(ji,jj,jk) - zf/e1t(ji,jj)
               pta(ji+1,jj,jk) = pta(ji+1,jj,jk) + zf/e1t(ji+1,jj)
            END DO
         END DO
      END DO
   END SUBROUTINE tra_adv_up

   SUBROUTINE setup(kt, nit, ni, nj, nk, pun, ts, cost)
      INTEGER, INTENT(in) :: kt, nit, ni, nj, nk
      REAL(wp), INTENT(in) :: pun(ni,nj,nk)
      REAL(wp), INTENT(inout) :: ts(ni,nj,nk,2)
      REAL(wp), INTENT(out) :: cost
      CALL tra_init(ni, nj, nk)
   END SUBROUTINE setup

   SUBROUTINE tra_adv(kt, nit, ni, nj, nk, pun, ts, cost)
      INTEGER, INTENT(in) :: kt, nit, ni, nj, nk
      REAL(wp), INTENT(in) :: pun(ni,nj,nk)
      REAL(wp), INTENT(inout), TARGET :: ts(ni,nj,nk,2)
      REAL(wp), INTENT(out) :: cost
      REAL(wp), POINTER :: ptb(:,:,:), pta(:,:,:), ztmp(:,:,:)
      REAL(wp) :: ztrd(ni,nj,nk)
      REAL(wp) :: zsurf(ni,nj)
      INTEGER :: jt
      ptb => ts(:,:,:,1)
      pta => ts(:,:,:,2)
      ztrd = 0._wp
      DO jt = 1, nit
         pta = ptb
         SELECT CASE (nn_adv)
         CASE (1)
            CALL tra_adv_up(pun, ptb, pta)
         CASE (2)
            CALL tra_adv_cen(pun, ptb, pta, ptend=ztrd)
            CALL tra_adv_up(0.1_wp*pun, ptb, pta)
         END SELECT
         CALL lbc_lnk('traadv', pta, 'T', 1._wp)
         WHERE (mbkt(:,:) == nk)
            pta(:,:,1) = pta(:,:,1)*(1._wp - 1.e-3_wp)
         END WHERE
         ztmp => ptb
         ptb => pta
         pta => ztmp
      END DO
      zsurf = ptb(:,:,1)
      CALL iom_put('sst', zsurf)
      cost = SUM(ptb**2*SPREAD(e1t, 3, nk)) * 1.e-6_wp + SUM(ztrd)*1.e-8_wp + MAXVAL(ptb)*0._wp
   END SUBROUTINE tra_adv
END MODULE traadv
