! Advection-diffusion steady state by pseudo-time relaxation inside a
! yearly loop: the residual norm is tested in the middle of the body
! (after the update's increment is computed), a limiter IF in the
! relaxation after it, counted with maxit from a module.
module adv_m
  implicit none
  integer, parameter :: n = 7
  integer :: maxit = 400
  real(8) :: vel = 0.4d0
contains
  real(8) function flux(a, b)
    real(8), intent(in) :: a, b
    flux = vel*0.5d0*(a + b) - 0.2d0*(b - a)
  end function flux

  subroutine steady(c, src, cost)
    real(8), intent(inout) :: c(n)
    real(8), intent(in) :: src(n)
    real(8), intent(inout) :: cost
    real(8) :: dc(n), res, omega
    integer :: i, it
    omega = 0.8d0
    relax: do it = 1, maxit
      dc(1) = src(1) - flux(c(1), c(2)) - 0.3d0*c(1)
      do i = 2, n - 1
        dc(i) = src(i) + flux(c(i-1), c(i)) - flux(c(i), c(i+1)) - 0.3d0*c(i)
      end do
      dc(n) = src(n) + flux(c(n-1), c(n)) - 0.3d0*c(n)
      res = sqrt(sum(dc**2))
      if (res < 1d-13) exit relax
      do i = 1, n
        if (abs(dc(i)) > 1d0) then
          c(i) = c(i) + omega*sign(1d0, dc(i))
        else
          c(i) = c(i) + omega*dc(i)
        end if
      end do
    end do relax
    cost = cost + sum(c**2)
  end subroutine steady
end module adv_m

subroutine years(c0, src, ny, cost)
  use adv_m
  implicit none
  integer, intent(in) :: ny
  real(8), intent(in) :: c0(n), src(n)
  real(8), intent(out) :: cost
  real(8) :: c(n), s(n)
  integer :: y
  c = c0
  cost = 0d0
  do y = 1, ny
    s = src*(1d0 + 0.1d0*y)
    call steady(c, s, cost)
  end do
end subroutine years
