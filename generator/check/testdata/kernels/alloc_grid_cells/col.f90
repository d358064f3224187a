! A column model on a grid of cells: each cell a derived type, the grid
! an allocatable module array of cells sized at run time.
module columns
  implicit none
  type cell_t
    real(8) :: depth
    real(8) :: temp
    integer :: kind
  end type cell_t
  type(cell_t), allocatable :: grid(:)
  real(8) :: kappa = 0.1d0
contains
  subroutine relax(nt, heat)
    integer, intent(in) :: nt
    real(8), intent(out) :: heat
    integer :: i, it, n
    real(8), allocatable :: flux(:)
    n = size(grid)
    allocate(flux(n+1))
    do it = 1, nt
      flux(1) = 0.0d0
      flux(n+1) = 0.0d0
      do i = 2, n
        flux(i) = kappa * (grid(i)%temp - grid(i-1)%temp) / (0.5d0 * (grid(i)%depth + grid(i-1)%depth))
      end do
      do i = 1, n
        grid(i)%temp = grid(i)%temp + (flux(i+1) - flux(i)) / grid(i)%depth
      end do
    end do
    heat = sum(grid%temp * grid%depth)  + sum(grid(2:n)%temp**2)
  end subroutine relax
end module columns
