! Passive coefficient tables held by a derived type, as physics packages
! pass their parameters: tab%k points at the day or the night table
! (chosen each step in the time loop), tab%w at one of two weights set
! once and changed after the loop; no derivative flows through them.
module tables
  implicit none
  type coefs
    real(8), pointer :: k(:) => null()
    real(8), pointer :: w(:) => null()
    real(8) :: dt
  end type
contains
  subroutine run(n, nt, u, cost)
    integer, intent(in) :: n, nt
    real(8), intent(inout) :: u(n)
    real(8), intent(out) :: cost
    real(8), target :: day(n), night(n), w1(n), w2(n)
    type(coefs) :: tab
    integer :: it, i
    do i = 1, n
      day(i) = 0.05d0 + 0.01d0*i
      night(i) = 0.02d0
      w1(i) = 1.0d0/i
      w2(i) = 0.5d0
    end do
    tab%dt = 0.3d0
    tab%w => w1
    cost = 0
    do it = 1, nt
      if (mod(it, 3) == 0) then
        tab%k => night
      else
        tab%k => day
      end if
      u = u - tab%dt*tab%k*u**2
      cost = cost + sum(tab%w*u**2)
    end do
    tab%w => w2
    cost = cost + sum(tab%w*u)
    nullify(tab%k)
    cost = cost + sum(tab%w*u**3)
  end subroutine run
end module tables
