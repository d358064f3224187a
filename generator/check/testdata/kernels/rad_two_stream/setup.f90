subroutine setup_rad(ncol, nlev, od, ssa, idx, heating, toa_total)
  use rad_config, only: jprb
  implicit none
  integer, intent(in) :: ncol, nlev
  real(jprb), intent(inout) :: od(nlev, ncol), ssa(nlev, ncol)
  integer, intent(inout) :: idx(ncol)
  real(jprb), intent(inout) :: heating(nlev, ncol), toa_total
  integer :: j
  do j = 1, ncol
    idx(j) = ncol + 1 - j
  end do
end subroutine setup_rad
