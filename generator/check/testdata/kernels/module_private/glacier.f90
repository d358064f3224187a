! A flowline ice model's module as F90 codes write it: PRIVATE by
! default, only the time step public; private kind and physical
! constants, a private constant set by an initialiser, private helpers
! (a subroutine and an active function) the step calls.
module glacier
  implicit none
  private
  public :: step

  integer, parameter :: dp = kind(1.0d0)
  real(dp), parameter :: rho = 0.91_dp, grav = 0.981_dp
  real(dp), parameter :: nglen = 3.0_dp
  real(dp) :: afact = 0.5_dp
  real(dp), parameter, dimension(2) :: wts = [0.25_dp, 0.75_dp]

contains

  subroutine step(h, n, dt, vol)
    integer, intent(in) :: n
    real(dp), intent(inout) :: h(n)
    real(dp), intent(in) :: dt
    real(dp), intent(out) :: vol
    real(dp) :: d(n), q(n)
    integer :: i
    call diffusivity(h, d, n)
    q(1) = 0.0_dp
    do i = 2, n
      q(i) = -0.5_dp*(d(i) + d(i - 1))*slope(h(i), h(i - 1))
    end do
    do i = 1, n - 1
      h(i) = h(i) - dt*(q(i + 1) - q(i))
    end do
    vol = sum(wts(1)*h(1:n - 1) + wts(2)*h(2:n))
  end subroutine step

  subroutine diffusivity(h, d, n)
    integer, intent(in) :: n
    real(dp), intent(in) :: h(n)
    real(dp), intent(out) :: d(n)
    d = 2.0_dp*afact/(nglen + 2.0_dp)*(rho*grav)**nglen*h**(nglen + 2.0_dp)
  end subroutine diffusivity

  real(dp) function slope(a, b)
    real(dp), intent(in) :: a, b
    slope = (a - b)*abs(a - b)**(nglen - 1.0_dp)
  end function slope

end module glacier
