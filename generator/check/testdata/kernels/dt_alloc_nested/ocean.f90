! ALLOCATABLE components nested in components, as a model groups its
! fields: `type grid` holds two `type field` (temperature and a
! diffusivity work field) each with an allocatable `v(:)`, and a scale.
! `init` allocates them through the grid, `step` (taking the grid
! intent(inout), in a time loop: the joint call saves each nested
! component with its allocation) allocates a flux field in the grid and
! deallocates it, and the caller assigns one whole (reallocating it)
! before freeing everything; `pair` fills an array of two grids, each
! `gs(j)%temp%v` of another size, taking the array intent(inout).
module ocean
  implicit none
  type field
    real(8), allocatable :: v(:)
    real(8) :: scale
  end type
  type grid
    type(field) :: temp, flux
    real(8) :: dx
    integer :: n
  end type
contains
  subroutine init(g, n, t0)
    type(grid), intent(inout) :: g
    integer, intent(in) :: n
    real(8), intent(in) :: t0(n)
    g%n = n
    g%dx = 1.0d0/n
    allocate(g%temp%v(n))
    g%temp%v = t0
    g%temp%scale = 1.0d0
  end subroutine

  subroutine step(g, kappa)
    type(grid), intent(inout) :: g
    real(8), intent(in) :: kappa
    integer :: i, n
    n = g%n
    allocate(g%flux%v(0:n))
    g%flux%v(0) = 0.0d0
    g%flux%v(n) = 0.0d0
    do i = 1, n - 1
      g%flux%v(i) = kappa*(g%temp%v(i+1) - g%temp%v(i))*g%temp%v(i)
    end do
    do i = 1, n
      g%temp%v(i) = g%temp%v(i) + 0.1d0*(g%flux%v(i) - g%flux%v(i-1))
    end do
    deallocate(g%flux%v)
  end subroutine
end module

subroutine run(t0, kappa, n, nt, heat)
  use ocean
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(in) :: t0(n), kappa
  real(8), intent(out) :: heat
  type(grid) :: g
  type(grid) :: gs(2)
  integer :: k
  interface
    subroutine pair(gs, g, n)
      use ocean
      integer, intent(in) :: n
      type(grid), intent(inout) :: gs(2)
      type(grid), intent(in) :: g
    end subroutine
  end interface
  call init(g, n, t0)
  do k = 1, nt
    call step(g, kappa)
  end do
  g%flux%v = g%temp%v**2*g%dx
  heat = sum(g%flux%v) + g%temp%scale*sum(sin(g%temp%v))
  call pair(gs, g, n)
  heat = heat + sum(gs(1)%temp%v(1:n)*gs(2)%temp%v(2:n+1))
  deallocate(g%temp%v, g%flux%v)
  deallocate(gs(1)%temp%v, gs(2)%temp%v)
end subroutine

subroutine pair(gs, g, n)
  use ocean
  implicit none
  integer, intent(in) :: n
  type(grid), intent(inout) :: gs(2)
  type(grid), intent(in) :: g
  integer :: j
  do j = 1, 2
    allocate(gs(j)%temp%v(n + j - 1))
    gs(j)%temp%v(1:n) = g%temp%v*j
    gs(j)%temp%v(n + j - 1) = g%temp%v(1)**2
  end do
  do j = 1, 2
    gs(j)%temp%v(1:n) = gs(j)%temp%v(1:n)*gs(j)%temp%v(n + j - 1)
  end do
end subroutine
