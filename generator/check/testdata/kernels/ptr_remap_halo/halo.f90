module halo_grid
  implicit none
  integer, parameter :: wp = kind(1.d0)
  type grid_t
    integer :: nx, ny
    real(wp), allocatable :: h(:,:)     ! with one halo cell: (nx+2, ny+2)
  end type grid_t
contains
  ! Diffuse the interior of g%h, indexed 0..nx+1 through a pointer with lower bounds.
  subroutine diffuse(g, kappa, nsteps)
    type(grid_t), intent(inout), target :: g
    real(wp), intent(in) :: kappa
    integer, intent(in) :: nsteps
    real(wp), pointer :: h(:,:)
    real(wp), allocatable :: tend(:,:)
    integer :: i, j, it
    integer, pointer :: iflat(:)
    integer, target :: idx(4)
    idx = [1, 2, 3, 4]
    iflat(0:) => idx
    h(0:, 0:) => g%h
    allocate(tend(g%nx, g%ny))
    do it = 1, nsteps
      do j = 1, g%ny
        do i = 1, g%nx
          tend(i, j) = kappa*(h(i+1, j) + h(i-1, j) + h(i, j+1) + h(i, j-1) - 4*h(i, j)) &
                       + 0.01_wp*iflat(mod(i, 4))*h(i, j)**2
        end do
      end do
      h(1:g%nx, 1:g%ny) = h(1:g%nx, 1:g%ny) + tend
    end do
  end subroutine diffuse

  subroutine run(n, h0, kappa, cost)
    integer, intent(in) :: n
    real(wp), intent(in) :: h0(n+2, n+2), kappa
    real(wp), intent(out) :: cost
    type(grid_t), target :: g
    g%nx = n
    g%ny = n
    allocate(g%h(n+2, n+2))
    g%h = h0
    call diffuse(g, kappa, 3)
    cost = sum(g%h(2:n+1, 2:n+1)**2)
  end subroutine run
end module halo_grid
