! The target, in a module of its own (outside the solver's): its
! derivative code saves the solver's private work arrays around each
! joint call, through accessor routines fadj adds to module solver.
module column
  use solver, only: rk, init_solver
  implicit none
contains
  subroutine column_setup(n, nt, y0, nu, cost)
    integer, intent(in) :: n, nt
    real(rk), intent(in) :: y0(0:n), nu(0:n)
    real(rk), intent(out) :: cost
    call init_solver(n)
  end subroutine column_setup

  subroutine run(n, nt, y0, nu, cost)
    integer, intent(in) :: n, nt
    real(rk), intent(in) :: y0(0:n), nu(0:n)
    real(rk), intent(out) :: cost
    real(rk) :: y(0:n), h(0:n)
    integer :: k, it
    do k = 0, n
      h(k) = 1.0_rk + 0.05_rk*k
    end do
    y = y0
    do it = 1, nt
      y(n) = y(n) + 0.1_rk*it
      call implicit_diffusion(n, 60.0_rk, h, nu, y)
    end do
    cost = sum(h(1:n)*y(1:n)**2)
  end subroutine run
end module column
