! The double buffer of a 2-D time-stepping model, as ocean models keep
! it: ALLOCATABLE TARGET arrays of a module, allocated by init to the
! grid the run is given, two module pointers naming the current and the
! next state, swapped by step through a local pointer, and a finalize
! routine that nullifies the pointers (one NULLIFY) and deallocates the
! arrays, all called by the routine differentiated.
module ocean_buffers
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  integer :: nx = 0, ny = 0
  real(wp), allocatable, target :: h_a(:, :), h_b(:, :)
  real(wp), pointer :: h_now(:, :) => null(), h_new(:, :) => null()
contains
  subroutine init(mx, my, h0)
    integer, intent(in) :: mx, my
    real(wp), intent(in) :: h0(mx, my)
    nx = mx
    ny = my
    allocate (h_a(0:nx+1, 0:ny+1))
    allocate (h_b(0:nx+1, 0:ny+1))
    h_a = 0.0_wp
    h_b = 0.0_wp
    h_a(1:nx, 1:ny) = h0
    h_now => h_a
    h_new => h_b
  end subroutine init

  subroutine step(kappa, dt)
    real(wp), intent(in) :: kappa, dt
    real(wp), pointer :: swap(:, :)
    integer :: i, j
    do j = 1, ny
      do i = 1, nx
        h_new(i, j) = h_now(i, j) + dt*kappa*(h_now(i+1, j) + h_now(i-1, j) + h_now(i, j+1) + h_now(i, j-1) &
                      - 4.0_wp*h_now(i, j)) - dt*0.1_wp*h_now(i, j)**2
      end do
    end do
    swap => h_now
    h_now => h_new
    h_new => swap
  end subroutine step

  subroutine finalize()
    nullify (h_now, h_new)
    deallocate (h_a, h_b)
  end subroutine finalize

  subroutine run(mx, my, h0, kappa, nsteps, cost)
    integer, intent(in) :: mx, my, nsteps
    real(wp), intent(in) :: h0(mx, my), kappa
    real(wp), intent(out) :: cost
    integer :: it
    call init(mx, my, h0)
    do it = 1, nsteps
      call step(kappa, 0.1_wp)
    end do
    cost = sum(h_now(1:nx, 1:ny)**2) + 0.5_wp*sum(h_new(1:nx, 1:ny))
    call finalize()
  end subroutine run
end module ocean_buffers
