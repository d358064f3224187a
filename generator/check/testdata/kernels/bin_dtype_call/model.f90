! A step reversed jointly (call: step) on derived-type state with a
! character component it branches on and sets (q%mode): the call's
! snapshot holds q's components, the character one included (its codes),
! which the callee's adjoint reads when it runs it again; the time loop
! around it checkpointed binomially (2 snapshots).
module st
  type state
    real(8) :: u(3)
    character(len=4) :: mode
  end type
end module
subroutine step(q)
  use st
  type(state), intent(inout) :: q
  if (q%mode == 'fast') then
    q%u = sin(q%u) + q%u
    q%mode = 'slow'
  else
    q%u = 0.9d0*q%u + 0.05d0*cos(q%u)
    q%mode = 'fast'
  end if
end subroutine
subroutine model(nt, x, cost)
  use st
  integer, intent(in) :: nt
  real(8), intent(in) :: x(3)
  real(8), intent(out) :: cost
  type(state) :: q
  integer :: it
  q%u = x
  q%mode = 'fast'
  cost = 0
  do it = 1, nt
    call step(q)
    cost = cost + sum(q%u)
  end do
end subroutine
