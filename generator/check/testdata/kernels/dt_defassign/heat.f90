! A 1-D heat model whose state type defines its assignment, as models do
! to keep a cached diagnostic consistent with the data: copying a state
! (re)allocates the field and recomputes the energy from it. The time
! loop saves the state (old = cur), steps it from the copy (call
! step(old, cur, kappa)) and reads the copy's energy; the end copies the
! state again to read the energy of the last step.
module mod_state
  implicit none
  private
  public :: state, assignment(=), dp
  integer, parameter :: dp = kind(1.0d0)
  type :: state
    real(dp), allocatable :: u(:)
    real(dp) :: energy = 0
    integer :: ncopy = 0
  end type state
  interface assignment(=)
    module procedure state_copy
  end interface
contains
  subroutine state_copy(a, b)
    type(state), intent(inout) :: a
    type(state), intent(in) :: b
    if (allocated(a%u)) then
      if (size(a%u) /= size(b%u)) deallocate(a%u)
    end if
    if (.not. allocated(a%u)) allocate(a%u(size(b%u)))
    a%u = b%u
    a%energy = 0.5_dp*sum(b%u**2)
    a%ncopy = b%ncopy + 1
  end subroutine state_copy
end module mod_state

module mod_heat
  use mod_state
  implicit none
  private
  public :: heat
contains
  subroutine step(s, r, kappa)
    type(state), intent(in) :: s
    type(state), intent(inout) :: r
    real(dp), intent(in) :: kappa
    integer :: n
    n = size(s%u)
    r%u(1) = s%u(1)
    r%u(n) = s%u(n)
    r%u(2:n-1) = s%u(2:n-1) + kappa*(s%u(1:n-2) - 2*s%u(2:n-1) + s%u(3:n))
    r%energy = s%energy
  end subroutine step

  subroutine heat(n, nt, u0, kappa, cost)
    integer, intent(in) :: n, nt
    real(dp), intent(in) :: u0(n), kappa
    real(dp), intent(out) :: cost
    type(state) :: cur, old
    integer :: it
    allocate(cur%u(n))
    cur%u = u0
    cost = 0
    do it = 1, nt
      old = cur
      call step(old, cur, kappa)
      cost = cost + old%energy*kappa
    end do
    old = cur
    cost = cost + old%energy + sum(cur%u*old%u)
  end subroutine heat
end module mod_heat
