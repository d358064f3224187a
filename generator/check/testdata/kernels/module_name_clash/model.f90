! Module state reached through callees from a routine whose dummies
! have its names, as models write drivers: each step of step(u, energy)
! loads its dummy u into the module's allocatable u (reallocated), lets
! update advance it and accumulate the module's energy, and stores both
! back into its dummies. The derivative of step reaches the module's u
! and energy and their derivatives through renamed USEs (fadj_state_u
! => u, fadj_state_u_b => u_b), as its own u_b and energy_b are the
! dummies'.
module state
  implicit none
  real(8), allocatable :: u(:)
  real(8) :: energy, visc
contains
  subroutine load(v, n)
    integer, intent(in) :: n
    real(8), intent(in) :: v(n)
    if (allocated(u)) deallocate(u)
    allocate(u(n))
    u = v
    energy = 0
  end subroutine

  subroutine update(n, dt)
    integer, intent(in) :: n
    real(8), intent(in) :: dt
    integer :: i
    do i = 2, n - 1
      u(i) = u(i) + dt*visc*(u(i+1) - 2*u(i) + u(i-1)) - dt*u(i)**2
    end do
    energy = energy + 0.5d0*sum(u**2)
  end subroutine

  subroutine store(v, e, n)
    integer, intent(in) :: n
    real(8), intent(out) :: v(n), e
    v = u
    e = energy
  end subroutine
end module

module driver
  implicit none
contains
  subroutine step(u, energy, n, nt, dt)
    use state, only: load, update, store
    integer, intent(in) :: n, nt
    real(8), intent(inout) :: u(n)
    real(8), intent(out) :: energy
    real(8), intent(in) :: dt
    integer :: it
    do it = 1, nt
      call load(u, n)
      call update(n, dt)
      call store(u, energy, n)
    end do
  end subroutine
end module

subroutine model(x, n, nt, dt, nu, cost)
  use state, only: visc
  use driver
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: x(n)
  real(8), intent(in) :: dt, nu
  real(8), intent(out) :: cost
  real(8) :: e
  visc = nu
  call step(x, e, n, nt, dt)
  cost = sum(x**2) + 0.1d0*e
end subroutine
