! The model of module_name_clash, the time loop of step checkpointed
! binomially: the snapshots hold the module's allocatable u, which step
! cannot name (its dummy u hides it), through its renamed USE
! (fadj_state_u => u), with its allocation (load reallocates it).
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
