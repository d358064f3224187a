module grid_mod
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  type :: phys_t
    real(wp) :: g = 9.81_wp
    logical :: on
  end type phys_t
  type :: grid_t
    integer :: n = 6
    integer :: nghost
    type(phys_t) :: phys
    real(wp) :: dx = 0.1_wp
    real(wp) :: visc = 0.02_wp
    real(wp), allocatable :: depth(:)
  end type grid_t
  type(grid_t) :: grid
contains
  subroutine setup(h)
    real(wp), intent(in) :: h(:)
    allocate(grid%depth(grid%n))
    grid%depth = h
  end subroutine setup
  subroutine diffuse(nt, u, cost)
    integer, intent(in) :: nt
    real(wp), intent(inout) :: u(:)
    real(wp), intent(out) :: cost
    integer :: it, i
    real(wp) :: f(size(u)+1)
    do it = 1, nt
      f = 0.0_wp
      do i = 2, grid%n
        f(i) = grid%visc*grid%depth(i)*(u(i) - u(i-1))/grid%dx + 1.0e-3_wp*grid%phys%g*u(i)
      end do
      u = u + 0.1_wp*(f(2:) - f(:grid%n))
    end do
    cost = sum(u**2*grid%depth)
  end subroutine diffuse
  subroutine run(nt, h, u, visc, cost)
    integer, intent(in) :: nt
    real(wp), intent(in) :: h(6), visc
    real(wp), intent(inout) :: u(6)
    real(wp), intent(out) :: cost
    call setup(h)
    grid%visc = visc
    call diffuse(nt, u, cost)
    deallocate(grid%depth)
  end subroutine run
end module grid_mod
