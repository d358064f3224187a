! A passive mesh of cells (an ALLOCATABLE array of a derived type inside a
! derived type) that each step updates, read by the active tracer update.
module columns
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  type :: cell_t
    real(wp) :: h = 1.0_wp, area = 1.0_wp
    integer :: kind = 0
  end type cell_t
  type :: mesh_t
    type(cell_t), allocatable :: cells(:)
    real(wp) :: scale = 1.0_wp
  end type mesh_t
contains
  subroutine move_mesh(m, it)
    type(mesh_t), intent(inout) :: m
    integer, intent(in) :: it
    integer :: i
    do i = 1, size(m%cells)
      m%cells(i)%h = m%cells(i)%h * (1.0_wp + 0.05_wp * sin(real(i + it, wp)))
    end do
  end subroutine move_mesh

  subroutine step(m, q, dt)
    type(mesh_t), intent(in) :: m
    real(wp), intent(inout) :: q(:)
    real(wp), intent(in) :: dt
    integer :: i
    do i = 2, size(q)
      q(i) = q(i) + dt * m%cells(i)%h * (q(i-1)**2 - q(i)) / m%cells(i)%area
    end do
  end subroutine step

  subroutine run(n, nt, q0, cost)
    integer, intent(in) :: n, nt
    real(wp), intent(in) :: q0(n)
    real(wp), intent(out) :: cost
    type(mesh_t) :: m
    real(wp) :: q(n)
    integer :: it, i
    allocate(m%cells(n))
    do i = 1, n
      m%cells(i)%area = 1.0_wp + 0.1_wp * i
    end do
    q = q0
    do it = 1, nt
      call move_mesh(m, it)
      call step(m, q, 0.1_wp)
    end do
    cost = sum(q**2 * m%cells%h)
  end subroutine run
end module columns
