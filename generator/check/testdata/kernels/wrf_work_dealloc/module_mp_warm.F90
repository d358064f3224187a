! A warm-rain scheme as WRF's module_mp_* write it: memory and tile
! bounds with the vertical in the middle, a work array allocated on
! entry and deallocated on exit, and a pointer naming the rain-water
! tile of the work array (qr => work(its:ite, kts:kte, 2)).
module module_mp_warm
  implicit none
  integer, parameter :: kind_phys = selected_real_kind(12)
contains
  subroutine warm_rain(qc, qr_io, rain, dt, ims, ime, kms, kme, its, ite, kts, kte)
    integer, intent(in) :: ims, ime, kms, kme, its, ite, kts, kte
    real(kind_phys), intent(in) :: dt
    real(kind_phys), dimension(ims:ime, kms:kme), intent(inout) :: qc, qr_io
    real(kind_phys), dimension(ims:ime), intent(out) :: rain
    real(kind_phys), allocatable, target :: work(:, :, :)
    real(kind_phys), pointer :: qr(:, :)
    real(kind_phys) :: auto, fall
    integer :: i, k
    allocate(work(its:ite, kts:kte, 2))
    work(:, :, 1) = qc(its:ite, kts:kte)
    work(:, :, 2) = qr_io(its:ite, kts:kte)
    qr => work(its:ite, kts:kte, 2)
    do k = kts, kte
      do i = its, ite
        auto = 1.0e-3_kind_phys*max(work(i, k, 1) - 5.0e-4_kind_phys, 0.0_kind_phys)**2*1.0e3_kind_phys
        work(i, k, 1) = work(i, k, 1) - dt*auto
        qr(i, k) = qr(i, k) + dt*auto
      end do
    end do
    rain = 0.0_kind_phys
    do k = kte, kts + 1, -1
      do i = its, ite
        fall = 0.2_kind_phys*qr(i, k)*sqrt(qr(i, k) + tiny(1.0_kind_phys))
        qr(i, k) = qr(i, k) - dt*fall
        qr(i, k - 1) = qr(i, k - 1) + dt*fall
      end do
    end do
    rain(its:ite) = qr(:, kts)
    qc(its:ite, kts:kte) = work(:, :, 1)
    qr_io(its:ite, kts:kte) = qr
    deallocate(work)
  end subroutine warm_rain
end module module_mp_warm
