! A forcing table named through a pointer (k => day) once, before the
! time loop that updates the table by name each step and reads it
! through the pointer, inline and in an internal procedure (host
! association). The backward loop reads the table's values of each step
! through k: its records stay in the loop (recorded once before the loop
! and restored after the backward loop, the adjoint read the last
! values: a wrong gradient).
subroutine run(x, cost)
  implicit none
  real(8), intent(inout) :: x(4)
  real(8), intent(out) :: cost
  real(8), target :: day(4), night(4)
  real(8), pointer :: k(:)
  integer :: it
  day = 0.1d0*x
  night = 0.05d0*x
  k => day
  do it = 1, 4
    day = day + 0.01d0*night
    x = x - 0.5d0*k*x**2
    call relax()
  end do
  cost = sum(x**2)
contains
  subroutine relax()
    x = x - k*x**2
  end subroutine
end subroutine
