! Dependents of types with defined assignments: a state whose copy
! recomputes its cached energy from the field, and a particle whose copy
! recomputes its kinetic energy (ELEMENTAL: also copies a local array of
! particles). The routine updates the fields in place, leaving the caches
! as they were, so that a copy of the outputs made by assignment would
! not be the outputs: the adjoint keeps them component by component, and
! returns them as the primal leaves them.
module mod_types
  implicit none
  private
  public :: state, particle, assignment(=), dp, nx
  integer, parameter :: dp = kind(1.0d0), nx = 6
  type :: state
    real(dp) :: u(nx) = 0
    real(dp) :: energy = 0
  end type state
  type :: particle
    real(dp) :: x = 0, v = 0, ke = 0
  end type particle
  interface assignment(=)
    module procedure copy_state, copy_particle
  end interface
contains
  subroutine copy_state(a, b)
    type(state), intent(inout) :: a
    type(state), intent(in) :: b
    a%u = b%u
    a%energy = 0.5_dp*sum(b%u**2)
  end subroutine copy_state

  elemental subroutine copy_particle(a, b)
    type(particle), intent(inout) :: a
    type(particle), intent(in) :: b
    a%x = b%x
    a%v = b%v
    a%ke = 0.5_dp*b%v**2
  end subroutine copy_particle
end module mod_types

module mod_relax
  use mod_types
  implicit none
  private
  public :: relax
contains
  subroutine relax(s, q, alpha)
    type(state), intent(inout) :: s
    type(particle), intent(inout) :: q
    real(dp), intent(in) :: alpha
    type(state) :: s0
    type(particle) :: p(nx), p0(nx)
    integer :: n, i
    n = nx
    do i = 1, n
      p(i)%x = q%x*i
      p(i)%v = q%v + s%u(i)
    end do
    s0 = s
    p0 = p
    s%u(2:n-1) = s0%u(2:n-1) + alpha*(s0%u(1:n-2) - 2*s0%u(2:n-1) + s0%u(3:n))
    s%energy = s%energy + alpha*s0%energy
    p%v = p0%v - alpha*p0%x*s%u
    p%x = p0%x + alpha*p%v + s0%energy*0.01_dp
    q%x = sum(p%x)
    q%v = sum(p%v*p0%x)
  end subroutine relax
end module mod_relax
