! Vector subscripts as unstructured-mesh and interpolation codes write
! them: a connectivity list that repeats nodes, a permutation, a column
! picked by an index array next to a row section, and maxloc.
subroutine gather(x, a, n, y, cost)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n), a(3, n)
  real(8), intent(out) :: y(4), cost
  integer :: conn(4), perm(3), i
  real(8) :: w(4)
  conn = [2, 5, 2, n]
  perm = [3, 1, 2]
  w = x(conn)**2 + 0.5d0*x(conn(4:1:-1))
  y = w*x(1:4)
  y(1:3) = y(1:3) + sin(x(perm))
  cost = sum(a(2:3, conn)*a(1:2, conn(4:1:-1)))
  cost = cost + sum(a(perm, 2:n:2)**2)
  cost = cost + sum(x(maxloc(x)))*y(2)
  do i = 1, 3
    cost = cost + x(perm(i))*sum(x(perm(1:i)))
  end do
end subroutine
