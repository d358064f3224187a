! A column made by a function: layers an array component, each with an
! ALLOCATABLE profile of its own length.
module colfun
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  integer, parameter :: nl = 2
  type layer_t
    real(wp), allocatable :: t(:)
  end type
  type col_t
    type(layer_t) :: layers(nl)
    real(wp) :: f
  end type
contains
  function make_col(x, s) result(c)
    real(wp), intent(in) :: x(:), s
    type(col_t) :: c
    integer :: k
    do k = 1, nl
      allocate(c%layers(k)%t(size(x) + k))
      c%layers(k)%t(1:size(x)) = x*s*k
      c%layers(k)%t(size(x)+1:) = s
    end do
    c%f = s**2
  end function
  subroutine run(n, x, s, cost)
    integer, intent(in) :: n
    real(wp), intent(in) :: x(n), s
    real(wp), intent(out) :: cost
    type(col_t) :: c
    integer :: k
    c = make_col(x, s)
    cost = c%f
    do k = 1, nl
      cost = cost + sum(sin(c%layers(k)%t))
    end do
  end subroutine
end module
