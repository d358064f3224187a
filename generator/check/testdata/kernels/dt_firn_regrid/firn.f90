! A firn model whose state is a module variable: the layers are an
! ALLOCATABLE array of a derived type, regridded each few steps by
! DEALLOCATE and ALLOCATE with SOURCE=.
module firn
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  type :: layer_t
    real(wp) :: rho
    real(wp) :: dz
  end type layer_t
  type :: firn_t
    type(layer_t), allocatable :: lay(:)
    real(wp) :: acc = 0.0_wp
  end type firn_t
  type(firn_t) :: state
contains
  subroutine setup(n, rho0)
    integer, intent(in) :: n
    real(wp), intent(in) :: rho0(n)
    integer :: k
    if (allocated(state%lay)) deallocate(state%lay)
    allocate(state%lay(n))
    do k = 1, n
      state%lay(k) = layer_t(rho0(k), 1.0_wp)
    end do
  end subroutine setup

  subroutine densify(dt)
    real(wp), intent(in) :: dt
    integer :: k
    do k = 1, size(state%lay)
      state%lay(k)%rho = state%lay(k)%rho + dt*1.0e-3_wp*(917.0_wp - state%lay(k)%rho)*state%lay(k)%rho/500.0_wp
      state%lay(k)%dz = state%lay(k)%dz*(1.0_wp - 1.0e-4_wp*dt)
    end do
  end subroutine densify

  subroutine regrid()
    type(layer_t), allocatable :: old(:)
    integer :: n
    n = size(state%lay)
    allocate(old(n), source=state%lay)
    deallocate(state%lay)
    allocate(state%lay(n - 1))
    state%lay(1)%rho = 0.5_wp*(old(1)%rho + old(2)%rho)
    state%lay(1)%dz = old(1)%dz + old(2)%dz
    state%lay(2:n-1) = old(3:n)
  end subroutine regrid

  subroutine run(n, nt, rho0, mass)
    integer, intent(in) :: n, nt
    real(wp), intent(in) :: rho0(n)
    real(wp), intent(out) :: mass
    integer :: it
    call setup(n, rho0)
    do it = 1, nt
      call densify(10.0_wp)
      if (mod(it, 4) == 0) call regrid()
    end do
    mass = sum(state%lay%rho*state%lay%dz)
  end subroutine run
end module firn
