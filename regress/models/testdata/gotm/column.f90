! A GOTM water column: vertical advection with a Superbee limiter
! (adv_center) and implicit diffusion (diff_center, GOTM's tridiagonal
! solver) of a tracer, nt steps; the cost is the final tracer variance.
module gotm_col
  use mtridiagonal, only: init_tridiagonal, clean_tridiagonal
  use util, only: Neumann, flux, SUPERBEE
  implicit none
  integer, parameter :: rk = selected_real_kind(13)
contains
  subroutine col_setup(n, nt, y0, nu, cost)
    integer, intent(in) :: n, nt
    real(rk), intent(in) :: y0(0:n), nu(0:n)
    real(rk), intent(out) :: cost
    call clean_tridiagonal()
    call init_tridiagonal(n)
  end subroutine col_setup

  subroutine col_run(n, nt, y0, nu, cost)
    integer, intent(in) :: n, nt
    real(rk), intent(in) :: y0(0:n), nu(0:n)
    real(rk), intent(out) :: cost
    real(rk) :: y(0:n), h(0:n), ww(0:n), zeros(0:n), taur(0:n)
    real(rk), parameter :: dt = 60.0_rk
    integer :: k, it
    do k = 0, n
      h(k) = 1.0_rk + 0.05_rk*k
      ww(k) = 1.0e-3_rk*sin(0.7_rk*k)
    end do
    zeros = 0.0_rk
    taur = 1.0e15_rk
    y = y0
    do it = 1, nt
      call adv_center(n, dt, h, h, ww, flux, flux, 0.0_rk, 0.0_rk, SUPERBEE, 1, y)
      call diff_center(n, dt, 0.6_rk, 0, h, Neumann, Neumann, 0.0_rk, 0.0_rk, nu, zeros, zeros, taur, zeros, y)
    end do
    cost = sum(h(1:n)*y(1:n)**2)
  end subroutine col_run
end module gotm_col
