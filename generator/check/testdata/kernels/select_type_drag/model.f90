! A small drag-law package: a base law and two extensions with their own
! passive parameters; the column driver selects the law with SELECT TYPE.
module drag_laws
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type :: drag_law
    real(dp) :: cd = 1.0e-3_dp
  end type
  type, extends(drag_law) :: linear_drag
    real(dp) :: r = 0.5_dp
  end type
  type, extends(drag_law) :: quadratic_drag
    real(dp) :: u0 = 0.1_dp
  end type
contains
  subroutine stress(law, u, tau)
    class(drag_law), intent(in) :: law
    real(dp), intent(in) :: u
    real(dp), intent(out) :: tau
    select type (p => law)
    type is (linear_drag)
      tau = p%r*p%cd*u
    type is (quadratic_drag)
      tau = p%cd*u*sqrt(u**2 + p%u0**2)
    class default
      tau = p%cd*u**3
    end select
  end subroutine
end module

module column
  use drag_laws
  implicit none
contains
  subroutine run(n, nsteps, u, dt, cost)
    integer, intent(in) :: n, nsteps
    real(dp), intent(inout) :: u(n)
    real(dp), intent(in) :: dt
    real(dp), intent(out) :: cost
    type(linear_drag) :: lin
    type(quadratic_drag) :: quad
    type(drag_law) :: cub
    real(dp) :: tau
    integer :: i, it
    quad%u0 = 0.2_dp
    do it = 1, nsteps
      do i = 1, n
        if (mod(i, 3) == 0) then
          call stress(lin, u(i), tau)
        else if (mod(i, 3) == 1) then
          call stress(quad, u(i), tau)
        else
          call stress(cub, u(i), tau)
        end if
        u(i) = u(i) - dt*tau*100
      end do
      u(2:n) = u(2:n) + 0.1_dp*dt*(u(1:n-1) - u(2:n))
    end do
    cost = sum(u**2)
  end subroutine
end module
