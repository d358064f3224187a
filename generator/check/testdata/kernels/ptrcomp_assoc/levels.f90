! The time levels of an F95 model state: POINTER components now and nxt
! point at two TARGET arrays of the driver and are exchanged each step
! by pointer assignment of the components (s%now => b; s%nxt => a, and
! back), the step reading and writing the levels through the state
! passed to it; a diagnostic level d%v associated once, then anew after
! the loop, and everything nullified at the end.
module levels
  implicit none
  type state
    real(8), pointer :: now(:) => null()
    real(8), pointer :: nxt(:) => null()
    real(8) :: visc
  end type
  type diag
    real(8), pointer :: v(:) => null()
  end type
contains
  subroutine advance(s, n)
    type(state), intent(inout) :: s
    integer, intent(in) :: n
    integer :: i
    s%nxt(1) = s%now(1)
    s%nxt(n) = s%now(n)
    do i = 2, n - 1
      s%nxt(i) = s%now(i) + s%visc*(s%now(i-1) - 2*s%now(i) + s%now(i+1)) - 0.05d0*s%now(i)**2
    end do
  end subroutine advance

  subroutine run(n, nt, u0, visc, cost)
    integer, intent(in) :: n, nt
    real(8), intent(in) :: u0(n), visc
    real(8), intent(out) :: cost
    real(8), target :: a(n), b(n), w(n)
    type(state) :: s
    type(diag) :: d
    integer :: it
    a = u0
    b = 0
    w = u0**2
    s%visc = visc
    s%now => a
    s%nxt => b
    d%v => w
    cost = 0
    do it = 1, nt
      call advance(s, n)
      if (mod(it, 2) == 1) then
        s%now => b
        s%nxt => a
      else
        s%now => a
        s%nxt => b
      end if
      cost = cost + sum(s%now**2*d%v)
    end do
    d%v => a(2:n)
    cost = cost + sum(d%v*s%nxt(1:n-1))
    nullify(s%now, s%nxt, d%v)
  end subroutine run
end module levels
