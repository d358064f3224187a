! A column model: each layer carries its own profile of tracers in array
! components, the column a fixed-size array of layers.
module column_mod
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  integer, parameter :: nl = 3, nz = 4
  type layer_t
    real(wp) :: t(nz)
    real(wp) :: s(nz)
    real(wp) :: dz = 1.0_wp
  end type layer_t
  type column_t
    type(layer_t) :: layers(nl)
    real(wp) :: flux = 0.0_wp
  end type column_t
contains
  subroutine col_init(col, nt, t0, s0)
    type(column_t), intent(inout) :: col
    integer, intent(in) :: nt
    real(wp), intent(in) :: t0(nt), s0(nt)
    integer :: k
    do k = 1, nl
      col%layers(k) = layer_t(t=t0*(1.0_wp + 0.1_wp*k), s=s0 + k, dz=0.5_wp*k)
    end do
    col%flux = 0.0_wp
  end subroutine col_init

  subroutine col_step(col, kappa, dt)
    type(column_t), intent(inout) :: col
    real(wp), intent(in) :: kappa, dt
    integer :: k
    real(wp) :: f
    do k = 1, nl - 1
      f = kappa*sum(col%layers(k+1)%t - col%layers(k)%t)/(col%layers(k)%dz + col%layers(k+1)%dz)
      col%layers(k)%t = col%layers(k)%t + dt*f/col%layers(k)%dz
      col%layers(k+1)%t = col%layers(k+1)%t - dt*f/col%layers(k+1)%dz
      col%layers(k)%s = col%layers(k)%s*(1.0_wp - dt*0.1_wp*col%layers(k)%t**2/(1.0_wp + col%layers(k)%t**2))
      col%flux = col%flux + f*dt
    end do
  end subroutine col_step

  subroutine run(nt, nsteps, t0, s0, kappa, cost)
    integer, intent(in) :: nt, nsteps
    real(wp), intent(in) :: t0(nt), s0(nt), kappa
    real(wp), intent(out) :: cost
    type(column_t) :: col
    integer :: it, k
    call col_init(col, nt, t0, s0)
    do it = 1, nsteps
      call col_step(col, kappa, 0.1_wp)
    end do
    cost = col%flux**2
    do k = 1, nl
      cost = cost + sum(col%layers(k)%t*col%layers(k)%s)
    end do
  end subroutine run
end module column_mod
