! A function known only by its interface body (its source is not among
! the spec's sources): an active reference to it has no derivative
! version. Its derivative was taken for zero (the adjoint of x(i)*ext(x(i))
! missed x(i)*ext'(x(i))); now rejected.
module m
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  interface
    real(8) function ext(r)
      real(8), intent(in) :: r
    end function
  end interface
contains
  subroutine run(x, cost)
    real(dp), intent(in) :: x(4)
    real(dp), intent(out) :: cost
    integer :: i
    cost = 0
    do i = 1, 4
      cost = cost + x(i)*ext(x(i))
    end do
  end subroutine
end module
