! An allocated, used array passed to an allocatable intent(out) dummy:
! the callee gets it deallocated and allocates it with another size.
! After the callee's adjoint, the caller restores the allocation and
! values it had before the call, which its backward sweep needs.
module mo
  implicit none
contains
  subroutine make(x, n, m)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n)
    real(8), allocatable, intent(out) :: m(:)
    allocate(m(n + 1))
    m(1:n) = x*2
    m(n + 1) = x(1)*x(n)
  end subroutine
end module

subroutine top(x, n, y)
  use mo
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y
  real(8), allocatable :: m(:)
  allocate(m(3))
  m = x(1:3)**2
  y = sum(sin(m))
  call make(x, n, m)
  y = y + sum(m*m)
  deallocate(m)
end subroutine
