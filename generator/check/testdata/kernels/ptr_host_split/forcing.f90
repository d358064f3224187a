! Active forcing tables of the host chosen through a pointer each step
! (k => day or night) and updated by name, read by an internal procedure
! by host association, reversed with calls: split: relax_bwd reads the
! host's k and updates its adjoint k_b, whose associations the host's
! backward sweep replays before each relax_bwd.
subroutine run(x, cost)
  implicit none
  real(8), intent(inout) :: x(4)
  real(8), intent(out) :: cost
  real(8), target :: day(4), night(4)
  real(8), pointer :: k(:)
  integer :: it
  day = 0.1d0*x
  night = 0.05d0*x(4:1:-1)
  do it = 1, 5
    if (mod(it, 2) == 0) then
      k => day
    else
      k => night
    end if
    day = day + 0.01d0*night
    call relax()
  end do
  cost = sum(x**2)
contains
  subroutine relax()
    x = x - k*x**2
  end subroutine
end subroutine
