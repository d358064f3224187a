! A module allocatable the target never names (it uses only the module's
! procedures): one callee reallocates and fills it, another reads it.
module store
  implicit none
  real(8), allocatable :: temp(:)
contains
  subroutine fill(x, n)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n)
    if (allocated(temp)) deallocate(temp)
    allocate(temp(n))
    temp = x**2
  end subroutine
  subroutine use_it(y)
    real(8), intent(inout) :: y
    y = y + sum(sin(temp))
  end subroutine
end module

subroutine top(x, n, y)
  use store, only: fill, use_it
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y
  y = 0
  call fill(x, n)
  call use_it(y)
  call fill(x(n:1:-1), n)
  call use_it(y)
end subroutine
