subroutine setup_cloud(klev, ydpar, st, paph, precip)
  use phys_params
  implicit none
  integer, intent(in) :: klev
  type(tparams), intent(inout) :: ydpar
  type(tstate), intent(inout) :: st
  real(jprb), intent(inout) :: paph(klev+1)
  real(jprb), intent(inout) :: precip
  ydpar%rlcrit = 0.3_jprb
  ydpar%rtaumel = 2.0_jprb
  ydpar%rkconv = 0.5_jprb
  ydpar%coefs = [0.1_jprb, 0.01_jprb, 0.2_jprb]
end subroutine setup_cloud
