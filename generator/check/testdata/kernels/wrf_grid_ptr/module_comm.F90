module module_comm
  use module_kinds
  implicit none
contains
  subroutine halo_exchange(a, ims, ime, kms, kme, jms, jme)
    integer, intent(in) :: ims, ime, kms, kme, jms, jme
    real(kind_phys), intent(inout) :: a(ims:ime, kms:kme, jms:jme)
  end subroutine halo_exchange
  subroutine wrf_debug(level, msg)
    integer, intent(in) :: level
    character(len=*), intent(in) :: msg
    if (level > 100) write(*,*) msg
  end subroutine wrf_debug
end module module_comm
