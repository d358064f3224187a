! Components as independents and dependents: the target is the model's
! step routine itself, taking the state type; the spec names parts of it
! (s%u, s%p%kappa in; s%u, s%energy out).
module model
  implicit none
  integer, parameter :: n = 5
  type physics
    real(8) :: kappa, drag
    integer :: order
  end type
  type state
    real(8) :: u(n)
    real(8) :: energy
    type(physics) :: p
  end type
contains
  subroutine step(s, dt)
    type(state), intent(inout) :: s
    real(8), intent(in) :: dt
    real(8) :: un(n)
    integer :: i, k
    do k = 1, 3
      un = s%u
      do i = 2, n - 1
        s%u(i) = un(i) + dt*s%p%kappa*(un(i+1) - 2*un(i) + un(i-1)) - dt*s%p%drag*un(i)**3
      end do
      s%energy = s%energy + dt*sum(s%u**2)
    end do
  end subroutine
end module
