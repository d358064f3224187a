! Scheme names chosen at run time, kept in deferred-length allocatable
! characters as modern models do: the target's `mode` (allocated typed,
! or by assignment), passed to a step that reads it and reallocates it
! with another length, and a module limiter the step allocates on first
! use and switches. The reverse mode restores their allocations with
! their lengths (allocate(character(len=L) :: mode)).
module schemes
  implicit none
  character(len=:), allocatable :: limiter
contains
  subroutine step(u, n, dt, mode)
    integer, intent(in) :: n
    real(8), intent(inout) :: u(n)
    real(8), intent(in) :: dt
    character(len=:), allocatable, intent(inout) :: mode
    integer :: i
    if (mode == 'upwind') then
      do i = n, 2, -1
        u(i) = u(i) - dt*u(i)*(u(i) - u(i-1))
      end do
      deallocate(mode)
      allocate(character(len=7) :: mode)
      mode = 'central'
    else
      do i = 2, n - 1
        u(i) = u(i) - 0.5d0*dt*u(i)**2*(u(i+1) - u(i-1))
      end do
      mode = 'upwind'
    end if
    if (.not. allocated(limiter)) limiter = 'minmod'
    if (limiter == 'minmod') then
      u(1) = 0.9d0*u(1) + 0.1d0*sin(u(2))
      limiter = 'none'
    else
      limiter = 'minmod'
    end if
  end subroutine
end module

subroutine model(u, n, nt, dt, ischeme, cost)
  use schemes
  implicit none
  integer, intent(in) :: n, nt, ischeme
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: dt
  real(8), intent(out) :: cost
  character(len=:), allocatable :: mode
  integer :: it
  if (ischeme == 1) then
    allocate(character(len=6) :: mode)
    mode = 'upwind'
  else
    mode = 'central'
  end if
  if (allocated(limiter)) deallocate(limiter)
  cost = 0
  do it = 1, nt
    call step(u, n, dt, mode)
    if (len(mode) == 6) then
      cost = cost + u(n)**2
    end if
  end do
  cost = cost + sum(u**2)
end subroutine
