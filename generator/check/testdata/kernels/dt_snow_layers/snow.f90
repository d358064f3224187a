! A snow column: layers are an ALLOCATABLE array of a derived type inside
! the column type, allocated by a setup routine, changed by each step.
module snow_column
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  real(wp), parameter :: cp_ice = 2100.0_wp
  type :: layer_t
    real(wp) :: temp = 0.0_wp
    real(wp) :: rho = 300.0_wp
    real(wp) :: dz = 0.1_wp
    integer :: age = 0
  end type layer_t
  type :: column_t
    integer :: nl = 0
    type(layer_t), allocatable :: layers(:)
    real(wp) :: tsurf = 0.0_wp
  end type column_t
contains
  subroutine column_init(col, nl, t0)
    type(column_t), intent(out) :: col
    integer, intent(in) :: nl
    real(wp), intent(in) :: t0(:)
    integer :: k
    col%nl = nl
    allocate(col%layers(nl))
    do k = 1, nl
      col%layers(k)%temp = t0(k)
      col%layers(k)%rho = 250.0_wp + 20.0_wp*k
      col%layers(k)%dz = 0.1_wp
    end do
    col%tsurf = t0(1)
  end subroutine column_init

  subroutine conduct(col, dt)
    type(column_t), intent(inout) :: col
    real(wp), intent(in) :: dt
    real(wp) :: flux(col%nl + 1), kcond
    integer :: k
    flux(1) = 2.0_wp*(col%tsurf - col%layers(1)%temp)
    do k = 2, col%nl
      kcond = 2.9e-6_wp*0.5_wp*(col%layers(k-1)%rho**2 + col%layers(k)%rho**2)
      flux(k) = kcond*(col%layers(k-1)%temp - col%layers(k)%temp)/col%layers(k)%dz
    end do
    flux(col%nl + 1) = 0.0_wp
    do k = 1, col%nl
      col%layers(k)%temp = col%layers(k)%temp + dt*(flux(k) - flux(k+1))/(cp_ice*col%layers(k)%rho*col%layers(k)%dz)
    end do
  end subroutine conduct

  subroutine compact(col, dt)
    type(column_t), intent(inout) :: col
    real(wp), intent(in) :: dt
    integer :: k
    do k = 1, col%nl
      col%layers(k)%rho = col%layers(k)%rho + dt*1.0e-7_wp*col%layers(k)%rho*exp(0.08_wp*col%layers(k)%temp)
      col%layers(k)%dz = col%layers(k)%dz*(1.0_wp - dt*1.0e-8_wp*exp(0.08_wp*col%layers(k)%temp))
      col%layers(k)%age = col%layers(k)%age + 1
    end do
  end subroutine compact

  ! Fresh snow: a new top layer at the air temperature, the others
  ! moved down one (the array of layers reallocated).
  subroutine add_layer(col, tnew)
    type(column_t), intent(inout) :: col
    real(wp), intent(in) :: tnew
    type(layer_t), allocatable :: tmp(:)
    allocate(tmp(col%nl + 1))
    tmp(2:col%nl + 1) = col%layers
    tmp(1)%temp = tnew
    tmp(1)%rho = 120.0_wp
    tmp(1)%dz = 0.05_wp
    tmp(1)%age = 0
    call move_alloc(tmp, col%layers)
    col%nl = col%nl + 1
  end subroutine add_layer

  subroutine run(nl, nt, t0, tair, dt, cost)
    integer, intent(in) :: nl, nt
    real(wp), intent(in) :: t0(nl), tair, dt
    real(wp), intent(out) :: cost
    type(column_t) :: col
    real(wp) :: tnew
    integer :: it, k
    call column_init(col, nl, t0)
    do it = 1, nt
      col%tsurf = tair + sin(0.3_wp*it)
      call conduct(col, dt)
      call compact(col, dt)
      if (mod(it, 3) == 0) then
        tnew = 0.5_wp*(tair + col%layers(1)%temp)
        call add_layer(col, tnew)
      end if
    end do
    cost = 0.0_wp
    do k = 1, col%nl
      cost = cost + col%layers(k)%temp**2*col%layers(k)%dz + 1.0e-3_wp*col%layers(k)%rho
    end do
    deallocate(col%layers)
  end subroutine run
end module snow_column
