! A time loop whose scheme alternates between steps, its name in a
! deferred-length allocatable character that each step reassigns with
! another length, checkpointed binomially: the snapshots hold the
! name's allocation, length and codes.
subroutine model(u, n, nt, dt, ischeme, cost)
  implicit none
  integer, intent(in) :: n, nt, ischeme
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: dt
  real(8), intent(out) :: cost
  character(len=:), allocatable :: mode
  integer :: it, i
  if (ischeme == 1) then
    allocate(character(len=6) :: mode)
    mode = 'upwind'
  else
    mode = 'central'
  end if
  cost = 0
  do it = 1, nt
    if (mode == 'upwind') then
      do i = n, 2, -1
        u(i) = u(i) - dt*u(i)*(u(i) - u(i-1))
      end do
      mode = 'central'
    else
      do i = 2, n - 1
        u(i) = u(i) - 0.5d0*dt*u(i)**2*(u(i+1) - u(i-1))
      end do
      mode = 'upwind'
    end if
    cost = cost + len(mode)*u(n)**2
  end do
  cost = cost + sum(u**2)
end subroutine
