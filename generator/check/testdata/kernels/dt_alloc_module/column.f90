! A column model keeping its state in a module variable of a derived type
! with ALLOCATABLE components: init allocates them (before step), step
! updates them element by element and whole (st%t = st%t - ...: an
! assignment reading the component), run frees them at the end.
module column
  implicit none
  type state
    real(8), allocatable :: t(:), q(:)
    real(8) :: k
  end type
  type(state) :: st
contains
  subroutine init(t0, n)
    integer, intent(in) :: n
    real(8), intent(in) :: t0(n)
    allocate(st%t(n), st%q(n))
    st%t = t0
    st%q = 0.01d0*t0
    st%k = 0.2d0
  end subroutine

  subroutine step(dt)
    real(8), intent(in) :: dt
    integer :: i, n
    n = size(st%t)
    do i = 2, n - 1
      st%q(i) = st%q(i) + dt*st%k*(st%t(i+1) - 2*st%t(i) + st%t(i-1))*st%q(i)
    end do
    st%t = st%t - dt*st%q**2
  end subroutine

  subroutine run(t0, n, nt, dt, cost)
    integer, intent(in) :: n, nt
    real(8), intent(in) :: t0(n), dt
    real(8), intent(out) :: cost
    integer :: k
    call init(t0, n)
    do k = 1, nt
      call step(dt)
    end do
    cost = sum(st%t**2) + sum(st%q)
    deallocate(st%t, st%q)
  end subroutine
end module
