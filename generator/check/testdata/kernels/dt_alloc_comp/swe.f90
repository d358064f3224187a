! A model state as modern Fortran models keep it: a derived type with
! ALLOCATABLE components, allocated by an init routine (before the
! routines that step it), stepped by a routine taking the state
! intent(inout) in a time loop, a work array component allocated and
! deallocated inside the step, a diagnostic component set by a whole
! assignment (allocated by it), and the state freed at the end.
module swe_state
  implicit none
  type state
    real(8), allocatable :: h(:), q(:)
    real(8), allocatable :: flux(:)
    real(8) :: g
    integer :: n
  end type
contains
  subroutine init(s, n, h0)
    type(state), intent(inout) :: s
    integer, intent(in) :: n
    real(8), intent(in) :: h0(n)
    s%n = n
    s%g = 9.81d0
    allocate(s%h(n), s%q(n))
    s%h = h0
    s%q = 0.1d0*h0**2
  end subroutine

  subroutine step(s, dt)
    type(state), intent(inout) :: s
    real(8), intent(in) :: dt
    integer :: i, n
    n = s%n
    allocate(s%flux(0:n))
    s%flux(0) = 0.0d0
    s%flux(n) = 0.0d0
    do i = 1, n - 1
      s%flux(i) = 0.5d0*(s%q(i) + s%q(i+1)) - 0.1d0*(s%h(i+1) - s%h(i))
    end do
    do i = 1, n
      s%h(i) = s%h(i) - dt*(s%flux(i) - s%flux(i-1))
      s%q(i) = s%q(i) - dt*s%g*s%h(i)*(s%h(min(i+1, n)) - s%h(max(i-1, 1)))
    end do
    deallocate(s%flux)
  end subroutine
end module

subroutine run(h0, n, nt, dt, energy, hmax)
  use swe_state
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(in) :: h0(n), dt
  real(8), intent(out) :: energy, hmax
  type(state) :: s
  real(8), allocatable :: e(:)
  integer :: k
  call init(s, n, h0)
  do k = 1, nt
    call step(s, dt)
  end do
  s%flux = s%q**2/s%h
  energy = 0.5d0*sum(s%flux) + 0.5d0*s%g*sum(s%h**2)
  hmax = maxval(s%h)
  deallocate(s%h, s%q, s%flux)
end subroutine
