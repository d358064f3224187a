! A module model: the diffusivity kappa is a module variable and an
! independent; the tendency is a module procedure.
module ocean
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  real(dp) :: kappa = 0.1_dp
contains
  subroutine tendency(t, dtdt, n)
    integer, intent(in) :: n
    real(dp), intent(in) :: t(n)
    real(dp), intent(out) :: dtdt(n)
    integer :: i
    dtdt = 0
    do i = 2, n - 1
      dtdt(i) = kappa*(t(i+1) - 2*t(i) + t(i-1))
    end do
  end subroutine

  subroutine forward(t, n, cost)
    integer, intent(in) :: n
    real(dp), intent(inout) :: t(n)
    real(dp), intent(out) :: cost
    real(dp) :: dtdt(n)
    integer :: k
    do k = 1, 10
      call tendency(t, dtdt, n)
      t = t + 0.1_dp*dtdt*exp(-t)
    end do
    cost = sum(t**2)
  end subroutine
end module
