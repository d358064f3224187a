! A quality-control function in an IF condition counts the observations it
! accepts in a module variable (nacc), by which the observation term is
! normalised: the adjoint read nacc's last value (wrong gradient: dot
! product 0.78; 0.86 with the binomial checkpoint, whose re-runs counted
! on from it). nacc is now saved around the IF and in the snapshots.
module qcg
  implicit none
  integer :: nacc = 0
  real(8) :: yv(40)
contains
  logical function accept(h, y)
    real(8), intent(in) :: h, y
    accept = abs(h - y) < 1.0d0
    if (accept) nacc = nacc + 1
  end function accept
end module qcg

subroutine jg(n, nt, u0, j)
  use qcg
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(in) :: u0(n)
  real(8), intent(out) :: j
  real(8) :: u(n)
  integer :: it, i
  u = u0
  j = 0
  nacc = 0
  do it = 1, nt
    do i = 2, n
      u(i) = u(i) - 0.1d0 * u(i) * u(i - 1)
    end do
    do i = 1, n, 2
      if (accept(u(i), yv(i))) then
        j = j + 0.5d0 * (u(i) - yv(i))**2 / nacc
      end if
    end do
  end do
end subroutine jg

subroutine jg_setup(n, nt, u0, j)
  use qcg
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u0(n), j
  yv = 0.3d0
end subroutine jg_setup
