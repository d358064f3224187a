! A 1-D heat model whose state type defines its assignment, as models do
! to keep a cached diagnostic consistent with the data: copying a state
! (re)allocates the field and recomputes the energy from it. The model
! keeps its current state and the one before in a container; the time
! loop saves the state (h%old = h%cur: two components of one variable,
! passed as they are), steps it from the copy (call step(h%old, h%cur,
! kappa)) and reads the copy's energy; the end copies the state again
! to read the energy of the last step.
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
  public :: heat, history
  ! The model's current state and the one before it.
  type :: history
    type(state) :: cur, old
  end type history
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
    type(history) :: h
    integer :: it
    allocate(h%cur%u(n))
    h%cur%u = u0
    cost = 0
    do it = 1, nt
      h%old = h%cur
      call step(h%old, h%cur, kappa)
      cost = cost + h%old%energy*kappa
    end do
    h%old = h%cur
    cost = cost + h%old%energy + sum(h%cur%u*h%old%u)
  end subroutine heat
end module mod_heat
