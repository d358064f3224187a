MODULE lbclnk
   USE par_kind
   IMPLICIT NONE
   PRIVATE
   PUBLIC :: lbc_lnk, iom_put
CONTAINS
   SUBROUTINE lbc_lnk(cd, pt, cd_type, psgn)
      CHARACTER(len=*), INTENT(in) :: cd, cd_type
      REAL(wp), INTENT(inout) :: pt(:,:,:)
      REAL(wp), INTENT(in) :: psgn
   END SUBROUTINE lbc_lnk
   SUBROUTINE iom_put(cdname, pfield)
      CHARACTER(len=*), INTENT(in) :: cdname
      REAL(wp), INTENT(in) :: pfield(:,:)
      IF (cdname == 'never') WRITE(*,*) SUM(pfield)
   END SUBROUTINE iom_put
END MODULE lbclnk
