! Observations gathered through a cursor function next_i(k) (INTENT(INOUT)
! k advanced, an integer result) in an active assignment's subscript, in an
! active left side's subscript and in a DO bound. The derivative statements
! referenced it again (the cursor advanced twice: wrong derivatives in both
! modes); it is now evaluated once, into a temporary.
module cursor
  implicit none
  integer :: idx_tab(100)
contains
  integer function next_i(k)
    integer, intent(inout) :: k
    k = k + 1
    next_i = idx_tab(k)
  end function next_i
end module cursor

subroutine gather_cost(n, nt, u0, j)
  use cursor
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(in) :: u0(n)
  real(8), intent(out) :: j
  real(8) :: u(n), v(n)
  integer :: it, i, k, m
  u = u0
  v = 0
  j = 0
  k = 0
  m = 0
  do it = 1, nt
    do i = 2, 1 + next_i(k)
      u(i) = u(i) - 0.1d0 * u(i) * u(i - 1)
    end do
    j = j + u(next_i(k))**2
    v(next_i(m)) = 2 * u(it)
  end do
  j = j + sum(v**2)
end subroutine gather_cost

subroutine gsetup(n, nt, u0, j)
  use cursor
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u0(n), j
  integer :: k
  do k = 1, 100
    idx_tab(k) = 1 + mod(7 * k, n - 1)
  end do
end subroutine gsetup
