! Lorenz-96 with a 4D-Var cost, as DA codes write it: the parameters are
! module variables, the observations an allocatable module array read by
! the cost function.
module l96_params
  implicit none
  private
  integer, parameter, public :: dp = kind(1.0d0)
  integer, public :: nx = 8
  real(dp), public :: forcing = 8.0_dp
  real(dp), public :: dt = 0.01_dp
  real(dp), allocatable, public :: obs(:)
  public :: cost
contains
  subroutine tend(x, dx)
    real(dp), intent(in) :: x(:)
    real(dp), intent(out) :: dx(:)
    integer :: i, n, im1, im2, ip1
    n = size(x)
    do i = 1, n
      im1 = modulo(i - 2, n) + 1
      im2 = modulo(i - 3, n) + 1
      ip1 = modulo(i, n) + 1
      dx(i) = (x(ip1) - x(im2)) * x(im1) - x(i) + forcing
    end do
  end subroutine tend

  real(dp) function cost(x0, nt)
    real(dp), intent(in) :: x0(nx)
    integer, intent(in) :: nt
    real(dp) :: x(nx), k1(nx), k2(nx)
    integer :: it
    x = x0
    do it = 1, nt
      call tend(x, k1)
      call tend(x + dt * k1, k2)
      x = x + 0.5_dp * dt * (k1 + k2)
    end do
    cost = 0.5_dp * sum((x - obs)**2)
  end function cost
end module l96_params
