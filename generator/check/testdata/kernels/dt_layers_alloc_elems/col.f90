! A column of layers, each layer with its own allocatable profiles
! (type(layer_t) :: layers(nl), real(wp), allocatable :: t(:), s(:)),
! allocated by a setup routine, stepped by the physics element by element.
module col_layers
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  integer, parameter :: nl = 3
  type layer_t
    real(wp), allocatable :: t(:), s(:)
    real(wp) :: dz = 1.0_wp
  end type layer_t
  type col_t
    type(layer_t) :: layers(nl)
    real(wp) :: flux = 0.0_wp
  end type col_t
contains
  subroutine col_setup(col, nz, t0, s0)
    type(col_t), intent(inout) :: col
    integer, intent(in) :: nz
    real(wp), intent(in) :: t0(nz), s0(nz)
    integer :: k
    do k = 1, nl
      allocate(col%layers(k)%t(nz), col%layers(k)%s(nz))
      col%layers(k)%t = t0*(1.0_wp + 0.1_wp*k)
      col%layers(k)%s = s0 + k
      col%layers(k)%dz = 0.5_wp*k
    end do
    col%flux = 0.0_wp
  end subroutine col_setup

  subroutine mix(n, t, s, r)
    integer, intent(in) :: n
    real(wp), intent(inout) :: t(n)
    real(wp), intent(in) :: s(n), r
    integer :: i
    do i = 1, n
      t(i) = t(i) + r*s(i)*t(i)/(1.0_wp + t(i)**2)
    end do
  end subroutine mix

  subroutine col_step(col, kappa, dt)
    type(col_t), intent(inout) :: col
    real(wp), intent(in) :: kappa, dt
    integer :: k, i, nz
    real(wp) :: f
    nz = size(col%layers(1)%t)
    do k = 1, nl - 1
      do i = 1, nz
        f = kappa*(col%layers(k+1)%t(i) - col%layers(k)%t(i))
        col%layers(k)%t(i) = col%layers(k)%t(i) + dt*f/col%layers(k)%dz
        col%layers(k+1)%t(i) = col%layers(k+1)%t(i) - dt*f/col%layers(k+1)%dz
        col%flux = col%flux + f*dt
      end do
      call mix(nz, col%layers(k)%t, col%layers(k)%s, 0.1_wp*dt)
    end do
  end subroutine col_step

  subroutine run(nz, nsteps, t0, s0, kappa, cost)
    integer, intent(in) :: nz, nsteps
    real(wp), intent(in) :: t0(nz), s0(nz), kappa
    real(wp), intent(out) :: cost
    type(col_t) :: col
    integer :: it, k
    call col_setup(col, nz, t0, s0)
    do it = 1, nsteps
      call col_step(col, kappa, 0.1_wp)
    end do
    cost = col%flux**2
    do k = 1, nl
      cost = cost + sum(col%layers(k)%t*col%layers(k)%s)
    end do
    do k = 1, nl
      deallocate(col%layers(k)%t, col%layers(k)%s)
    end do
  end subroutine run
end module col_layers
