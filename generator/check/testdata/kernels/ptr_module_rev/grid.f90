! Module pointers reverse mode does not take yet: a view of a section
! of a module array (its association is no whole target: the backward
! sweep could not make it again from a number), and the two calls that
! reach a module pointer without the joint call's saves: of a procedure
! without a derivative version, and an active function reference.
module grid
  implicit none
  real(8), target :: u(16), w(16)
  real(8), pointer :: inner(:) => null(), cur(:) => null()
contains
subroutine setup(n)
  integer, intent(in) :: n
  inner => u(2:n-1)
end subroutine

function energy(n) result(e)
  integer, intent(in) :: n
  real(8) :: e
  e = sum(cur(1:n)**2)
end function

subroutine run(x, n, cost)
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: cost
  u(1:n) = x
  w(1:n) = x**2
  call setup(n)
  cur => w
  inner = inner*2 + inner**2
  cost = energy(n) + sum(u(1:n))
end subroutine
end module grid
