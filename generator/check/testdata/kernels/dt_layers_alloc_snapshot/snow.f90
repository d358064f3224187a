! A snow column whose layers are an ALLOCATABLE array component of a type
! with ALLOCATABLE profiles (col%layers(k)%t(nz(k))), ragged, allocated
! by a setup routine, deallocated at the end.
module snow_ragged
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  type layer_t
    real(wp), allocatable :: t(:)
    real(wp) :: dz = 1.0_wp
  end type layer_t
  type col_t
    type(layer_t), allocatable :: layers(:)
    real(wp) :: flux = 0.0_wp
  end type col_t
contains
  subroutine col_setup(col, nl, t0)
    type(col_t), intent(inout) :: col
    integer, intent(in) :: nl
    real(wp), intent(in) :: t0(:)
    integer :: k, nz
    allocate(col%layers(nl))
    do k = 1, nl
      nz = size(t0) - k + 1
      allocate(col%layers(k)%t(nz))
      col%layers(k)%t = t0(k:)*(1.0_wp + 0.1_wp*k)
      col%layers(k)%dz = 0.5_wp*k
    end do
    col%flux = 0.0_wp
  end subroutine col_setup

  subroutine diffuse(n, t, r)
    integer, intent(in) :: n
    real(wp), intent(inout) :: t(n)
    real(wp), intent(in) :: r
    integer :: i
    do i = 2, n
      t(i) = t(i) + r*(t(i-1) - t(i))*t(i)
    end do
  end subroutine diffuse

  subroutine col_step(col, kappa, dt)
    type(col_t), intent(inout) :: col
    real(wp), intent(in) :: kappa, dt
    integer :: k
    real(wp) :: f
    do k = 1, size(col%layers) - 1
      f = kappa*(col%layers(k+1)%t(1) - col%layers(k)%t(1))
      col%layers(k)%t(1) = col%layers(k)%t(1) + dt*f/col%layers(k)%dz
      col%layers(k+1)%t(1) = col%layers(k+1)%t(1) - dt*f/col%layers(k+1)%dz
      col%flux = col%flux + f*dt
      call diffuse(size(col%layers(k)%t), col%layers(k)%t, dt*kappa)
    end do
  end subroutine col_step

  subroutine run(nl, nz, nsteps, t0, kappa, cost)
    integer, intent(in) :: nl, nz, nsteps
    real(wp), intent(in) :: t0(nz), kappa
    real(wp), intent(out) :: cost
    type(col_t) :: col
    integer :: it, k
    call col_setup(col, nl, t0)
    do it = 1, nsteps
      call col_step(col, kappa, 0.1_wp)
    end do
    cost = col%flux**2
    do k = 1, nl
      cost = cost + sum(col%layers(k)%t**2)
    end do
    do k = 1, nl
      deallocate(col%layers(k)%t)
    end do
    deallocate(col%layers)
  end subroutine run
end module snow_ragged
