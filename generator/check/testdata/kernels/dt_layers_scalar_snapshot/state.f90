! A state with a scalar ALLOCATABLE component of a layered type (top)
! and a 2-D one (deep), its time loop binomially checkpointed.
module scal_layer
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  type prof_t
    real(wp), allocatable :: q(:)
    real(wp) :: s
  end type
  type state_t
    type(prof_t), allocatable :: top
    type(prof_t), allocatable :: deep(:, :)
  end type
contains
  subroutine init(st, x)
    type(state_t), intent(out) :: st
    real(wp), intent(in) :: x(:)
    integer :: i, j
    allocate(st%top)
    allocate(st%top%q(size(x)))
    st%top%q = x
    st%top%s = 1
    allocate(st%deep(2, 2))
    do j = 1, 2
      do i = 1, 2
        allocate(st%deep(i, j)%q(i + j))
        st%deep(i, j)%q = x(1)*i + x(j)
        st%deep(i, j)%s = 0.5_wp*j
      end do
    end do
  end subroutine
  subroutine step(st, dt)
    type(state_t), intent(inout) :: st
    real(wp), intent(in) :: dt
    integer :: i, j
    do j = 1, 2
      do i = 1, 2
        st%deep(i, j)%q = st%deep(i, j)%q + dt*st%top%q(1)*st%deep(i, j)%q**2
        st%deep(i, j)%s = st%deep(i, j)%s + dt*sum(st%deep(i, j)%q)
      end do
    end do
    st%top%q = st%top%q*(1 - dt*st%deep(2, 2)%s)
  end subroutine
  subroutine run(n, nt, x, cost)
    integer, intent(in) :: n, nt
    real(wp), intent(in) :: x(n)
    real(wp), intent(out) :: cost
    type(state_t) :: st
    integer :: it
    call init(st, x)
    do it = 1, nt
      call step(st, 0.05_wp)
    end do
    cost = sum(st%top%q**2) + st%deep(1, 2)%s + sum(st%deep(2, 1)%q)
  end subroutine
end module
