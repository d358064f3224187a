! A module allocatable that a callee deallocates and reallocates at
! each step, that the caller then overwrites whole from itself
! (q = q*sin(q*k)), and that another callee reads.
module st
  implicit none
  real(8), allocatable :: q(:)
contains
  subroutine grow(x, n)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n)
    if (allocated(q)) deallocate(q)
    allocate(q(n + 1))
    q(1:n) = x
    q(n + 1) = x(1)*x(n)
  end subroutine
  subroutine total(t)
    real(8), intent(inout) :: t
    t = t + sum(q**3)
  end subroutine
end module

subroutine drive(x, n, f)
  use st
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: f
  integer :: k
  f = 0
  do k = 1, 3
    call grow(x, n)
    q = q*sin(q*k)
    call total(f)
  end do
end subroutine
