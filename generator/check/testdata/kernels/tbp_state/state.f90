! A modern-Fortran model state: a derived type with an ALLOCATABLE
! field, its time step and its energy as type-bound procedures, in a
! module PRIVATE by default. The step updates the field in place with
! the whole-array assignment self%h = self%h + dt*f, whose right side
! reads the component it may reallocate.
module mod_state
  implicit none
  private
  public :: state, run
  type :: state
    real(8), allocatable :: h(:)
    real(8) :: k
  contains
    procedure :: step => state_step
    procedure :: energy
  end type state
contains
  subroutine state_step(self, dt)
    class(state), intent(inout) :: self
    real(8), intent(in) :: dt
    integer :: i, n
    real(8), allocatable :: f(:)
    n = size(self%h)
    allocate(f(n))
    do i = 1, n
      f(i) = self%k*(self%h(modulo(i, n) + 1) - 2*self%h(i) + self%h(modulo(i - 2, n) + 1)) &
        - self%h(i)**3
    end do
    self%h = self%h + dt*f
  end subroutine state_step

  real(8) function energy(self)
    class(state), intent(in) :: self
    energy = 0.5d0*sum(self%h**2)
  end function energy

  subroutine run(n, nt, h0, k, cost)
    integer, intent(in) :: n, nt
    real(8), intent(in) :: h0(n), k
    real(8), intent(out) :: cost
    type(state) :: s
    integer :: it
    s%h = h0
    s%k = k
    do it = 1, nt
      call s%step(0.05d0)
    end do
    cost = s%energy()
  end subroutine run
end module mod_state
