module ocean
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type grid_t
     integer :: n
     integer, allocatable :: kmt(:)
     logical, allocatable :: wet(:)
     real(dp), allocatable :: dz(:)
  end type
  type state_t
     real(dp), allocatable :: t(:), s(:)
     integer, allocatable :: nlev(:)
     logical, allocatable :: frozen(:)
     real(dp) :: time
  end type
  type cell_t
     real(dp) :: vol
     real(dp) :: flux(3)
  end type
contains
  subroutine step(g, st, cells, dt)
    type(grid_t), intent(in) :: g
    type(state_t), intent(inout) :: st
    type(cell_t), intent(inout) :: cells(:)
    real(dp), intent(in) :: dt
    integer :: i
    do i = 2, g%n - 1
       if (g%wet(i)) then
          cells(i)%flux(1) = 0.1_dp*(st%t(i+1) - st%t(i-1))
          cells(i)%flux(2) = cells(i)%flux(1)*st%s(i)
       end if
    end do
    do i = 2, g%n - 1
       st%t(i) = st%t(i) + dt*cells(i)%flux(2)/cells(i)%vol - 0.01_dp*st%t(i)**2
       st%frozen(i) = st%t(i) < -1.0_dp
       if (st%frozen(i)) st%nlev(i) = st%nlev(i) + 1
       st%s(i) = st%s(i) + dt*sin(st%t(i))
    end do
    st%time = st%time + dt
  end subroutine
  subroutine run(n, x, cost, nsteps)
    integer, intent(in) :: n, nsteps
    real(dp), intent(in) :: x(n)
    real(dp), intent(out) :: cost
    type(grid_t) :: g
    type(state_t) :: st
    type(cell_t), allocatable :: cells(:)
    integer :: it, i
    g%n = n
    allocate(g%kmt(n), g%wet(n), g%dz(n))
    g%kmt = 3; g%wet = .true.; g%dz = 1.0_dp
    g%wet(3) = .false.
    allocate(st%t(n), st%s(n), st%nlev(n), st%frozen(n), cells(n))
    st%t = x
    st%s = 0.5_dp*x
    st%nlev = 0
    st%frozen = .false.
    st%time = 0
    do i = 1, n
       cells(i)%vol = 1.0_dp + 0.1_dp*i
       cells(i)%flux = 0
    end do
    do it = 1, nsteps
       call step(g, st, cells, 0.1_dp)
    end do
    cost = sum(st%t**2) + sum(st%s) + sum(cells%flux(2))
  end subroutine
end module
