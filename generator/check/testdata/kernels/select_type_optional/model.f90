! A forcing law with an optional relaxation target: the law is selected
! with SELECT TYPE and the optional argument referenced in a block.
module forcing
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type :: law_t
    real(dp) :: k = 0.3_dp
  end type
  type, extends(law_t) :: nudge_t
    real(dp) :: tau = 2.0_dp
  end type
contains
  subroutine force(law, n, x, f, xref)
    class(law_t), intent(in) :: law
    integer, intent(in) :: n
    real(dp), intent(in) :: x(n)
    real(dp), intent(out) :: f(n)
    real(dp), intent(in), optional :: xref(n)
    select type (p => law)
    type is (nudge_t)
      f = -p%k*x**2
      if (present(xref)) then
        f = f + (xref - x)/p%tau
      end if
    class default
      f = -p%k*x
    end select
  end subroutine
  subroutine run(n, x, xr, cost)
    integer, intent(in) :: n
    real(dp), intent(inout) :: x(n)
    real(dp), intent(in) :: xr(n)
    real(dp), intent(out) :: cost
    type(nudge_t) :: nl
    type(law_t) :: l
    real(dp) :: f(n)
    integer :: it
    do it = 1, 3
      call force(nl, n, x, f, xr)
      x = x + 0.1_dp*f
      call force(nl, n, x, f)
      x = x + 0.1_dp*f
      call force(l, n, x, f)
      x = x + 0.1_dp*f
    end do
    cost = sum(x**2)
  end subroutine
end module
