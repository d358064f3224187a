! A step reversed jointly (a call checkpoint) that branches on a mode
! it reads and sets, and on a character array element: its adjoint runs
! it again, so the call saves the characters it defines (on the i4
! snapshot stack, fadj_snap_push_char); called in a loop checkpointing
! each iteration and once more after it.
subroutine step(u, mode, tags, k)
  implicit none
  real(8), intent(inout) :: u(3)
  character(len=4), intent(inout) :: mode
  character(len=2), intent(inout) :: tags(3)
  integer, intent(in) :: k
  if (mode == 'fast') then
    u = sin(u) + u
    mode = 'slow'
  else
    u = u*u*0.5d0 + 0.1d0
    mode = 'fast'
  end if
  if (tags(k) == 'on') then
    u(k) = u(k)*1.5d0
    tags(k) = 'of'
  else
    tags(k) = 'on'
  end if
end subroutine step

subroutine model(nt, x, cost)
  implicit none
  integer, intent(in) :: nt
  real(8), intent(in) :: x(3)
  real(8), intent(out) :: cost
  real(8) :: u(3)
  character(len=4) :: mode
  character(len=2) :: tags(3)
  integer :: it
  u = x
  mode = 'fast'
  tags = 'on'
  cost = 0
  do it = 1, nt
    call step(u, mode, tags, mod(it, 3) + 1)
    cost = cost + sum(u)
  end do
  call step(u, mode, tags, 2)
  cost = cost + sum(u**2)
end subroutine model
