module module_pbl
  use module_kinds
  implicit none
contains
  ! simple diffusion-like scheme: accumulates tendencies
  subroutine pbl_ysu(t, qv, rthblten, rqvblten, dz8w, &
                     ids, ide, jds, jde, kds, kde, &
                     ims, ime, jms, jme, kms, kme, &
                     its, ite, jts, jte, kts, kte)
    integer, intent(in) :: ids, ide, jds, jde, kds, kde, ims, ime, jms, jme, kms, kme, &
                           its, ite, jts, jte, kts, kte
    real(kind_phys), dimension(ims:ime, kms:kme, jms:jme), intent(in) :: t, qv, dz8w
    real(kind_phys), dimension(ims:ime, kms:kme, jms:jme), intent(inout) :: rthblten
    real(kind_phys), dimension(ims:ime, kms:kme, jms:jme), intent(inout), optional :: rqvblten
    integer :: i, j, k
    real(kind_phys) :: flx
    do j = jts, min(jte, jde-1)
      do k = kts, min(kte, kde-1) - 1
        do i = its, min(ite, ide-1)
          flx = 0.1_kind_phys*(t(i,k+1,j) - t(i,k,j))/max(dz8w(i,k,j), tiny(1.0_kind_phys))
          rthblten(i,k,j) = rthblten(i,k,j) + flx
          rthblten(i,k+1,j) = rthblten(i,k+1,j) - flx*t(i,k,j)/t(i,k+1,j)
          if (present(rqvblten)) then
            rqvblten(i,k,j) = rqvblten(i,k,j) + 0.01_kind_phys*flx*qv(i,k,j)
          end if
        end do
      end do
    end do
  end subroutine pbl_ysu

  subroutine pbl_mynn(t, rthblten, ims, ime, jms, jme, kms, kme, its, ite, jts, jte, kts, kte)
    integer, intent(in) :: ims, ime, jms, jme, kms, kme, its, ite, jts, jte, kts, kte
    real(kind_phys), dimension(ims:ime, kms:kme, jms:jme), intent(in) :: t
    real(kind_phys), dimension(ims:ime, kms:kme, jms:jme), intent(inout) :: rthblten
    integer :: i, j, k
    do j = jts, jte
      do k = kts, kte
        do i = its, ite
          rthblten(i,k,j) = rthblten(i,k,j) - 1.0e-3_kind_phys*t(i,k,j)**2
        end do
      end do
    end do
  end subroutine pbl_mynn
end module module_pbl
