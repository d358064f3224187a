! A passive coefficient pointer of the host read by its internal
! procedure: each step associates k with the day or the night table and
! calls relax, which reads k by host association. Reverse mode replays
! k's associations (a call that may read it by name counts as a read:
! the adjoint read k's last association before).
subroutine run(x, cost)
  implicit none
  real(8), intent(inout) :: x(4)
  real(8), intent(out) :: cost
  real(8), target :: day(4), night(4)
  real(8), pointer :: k(:)
  integer :: it
  day = [0.1d0, 0.2d0, 0.3d0, 0.4d0]
  night = 0.05d0
  do it = 1, 4
    if (mod(it, 2) == 0) then
      k => day
    else
      k => night
    end if
    call relax()
  end do
  cost = sum(x**2)
contains
  subroutine relax()
    x = x - k*x**2
  end subroutine
end subroutine
