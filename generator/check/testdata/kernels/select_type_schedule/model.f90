! A relaxation law whose extension keeps a passive time scale that the
! step itself updates (a schedule), selected in the driver's time loop.
module relax
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type :: law_t
    real(dp) :: rate = 0.1_dp
  end type
  type, extends(law_t) :: sched_t
    real(dp) :: scale = 1.0_dp
    integer :: nstep = 0
  end type
end module

module model
  use relax
  implicit none
contains
  subroutine run(n, nsteps, kind, y, cost)
    integer, intent(in) :: n, nsteps, kind
    real(dp), intent(inout) :: y(n)
    real(dp), intent(out) :: cost
    class(law_t), allocatable :: law
    integer :: it
    if (kind == 1) then
      allocate(law_t :: law)
    else
      allocate(sched_t :: law)
    end if
    do it = 1, nsteps
      select type (p => law)
      type is (sched_t)
        p%nstep = p%nstep + 1
        p%scale = p%scale*(1 + 0.5_dp/p%nstep)
        y = y - p%rate*p%scale*y**2
      class default
        y = y - p%rate*y**2
      end select
    end do
    cost = sum(y**2)
  end subroutine
end module
