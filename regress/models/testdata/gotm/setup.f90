! Check-point setups for GOTM's util routines: the tridiagonal solver's
! work arrays, allocated by init_tridiagonal (once per check point).
subroutine setup_diff_center(n, dt, cnpar, posconc, h, bcup, bcdw, yup, ydw, nuy, lsour, qsour, taur, yobs, y)
  use mtridiagonal, only: init_tridiagonal, clean_tridiagonal
  implicit none
  integer, intent(in) :: n, posconc, bcup, bcdw
  real(kind=selected_real_kind(13)) :: dt, cnpar, yup, ydw
  real(kind=selected_real_kind(13)), dimension(0:n) :: h, nuy, lsour, qsour, taur, yobs, y
  call clean_tridiagonal()
  call init_tridiagonal(n)
end subroutine setup_diff_center
