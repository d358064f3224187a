! An extension's state passed as its parent component to a plain
! procedure (`call relax(o%base_state, dt)`, `associate (b => o%base_state)`):
! the parent component stands for the components it holds.
module fields
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type :: base_state
    real(dp) :: h(10) = 0
    real(dp) :: c = 1
  end type
  type, extends(base_state) :: ocean_state
    real(dp) :: kappa = 0.1_dp
  end type
contains
  subroutine relax(b, dt)
    type(base_state), intent(inout) :: b
    real(dp), intent(in) :: dt
    b%h = b%h - dt*b%c*b%h**2
  end subroutine
  subroutine diffuse(o, dt)
    type(ocean_state), intent(inout) :: o
    real(dp), intent(in) :: dt
    integer :: i
    real(dp) :: f(10)
    f = 0
    do i = 2, 10
      f(i) = o%kappa*(o%h(i) - o%h(i-1))
    end do
    o%h(1:9) = o%h(1:9) + dt*(f(2:10) - f(1:9))
  end subroutine
  subroutine run(x, cost)
    real(dp), intent(in) :: x(10)
    real(dp), intent(out) :: cost
    type(ocean_state) :: o
    integer :: it
    o%h = x
    o%c = x(3)
    o%kappa = 0.3_dp*x(1)
    do it = 1, 3
      call relax(o%base_state, 0.1_dp)
      call diffuse(o, 0.1_dp)
    end do
    associate (b => o%base_state)
      cost = sum(b%h**2) + b%c
    end associate
  end subroutine
end module
