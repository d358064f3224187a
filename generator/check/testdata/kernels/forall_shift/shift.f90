! FORALL as F95 codes write it, where a loop would be wrong: right sides
! reading elements the same assignment overwrites (the old values), in
! either direction, in 1-D and 2-D, with a mask, in a time loop; and
! smoothings reading both neighbours (no loop order reads only old
! values), a 1-D one with a mask and a 2-D Laplacian, and a right side
! reading its array reversed and whole.
subroutine advect(n, m, a, b, c, h, x, cost)
  implicit none
  integer, intent(in) :: n, m
  real(8), intent(inout) :: a(n), b(n), h(n, m), c(n)
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: cost
  integer :: i, j, it
  do it = 1, 2
    forall (i = 2:n) a(i) = a(i-1)*x(i) + sin(a(i))
    forall (i = 1:n-1) b(i) = b(i+1)**2*0.5d0 + a(i)
    forall (i = 2:n, j = 2:m, h(i, j) > 0.3d0) h(i, j) = h(i-1, j-1)*h(i, j) + a(i)
    forall (i = 1:n, j = 1:m-1)
      h(i, j) = h(i, j+1) - 0.1d0*h(i, j)*b(i)
    end forall
    forall (i = 2:n-1, c(i) > -0.5d0) c(i) = 0.25d0*(c(i-1) + 2*c(i) + c(i+1))*x(i) + c(i+1)**2
    forall (i = 2:n-1, j = 2:m-1)
      h(i, j) = h(i, j) + 0.1d0*(h(i-1, j) + h(i+1, j) + h(i, j-1) + h(i, j+1) - 4*h(i, j))*c(i)
    end forall
    forall (i = 1:n) a(i) = a(n+1-i)*x(i) + 0.1d0*sum(a)
  end do
  cost = sum(a*b) + sum(h**2) + sum(c**3)
end subroutine
