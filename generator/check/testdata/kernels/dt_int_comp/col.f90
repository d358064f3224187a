! A column type with a real ALLOCATABLE profile and an integer ALLOCATABLE
! count per level (how often a level was wet), set in the same loop: the
! integer component has no adjoint (its adjoint's zeroing crashed: the
! shadow's integer component is never allocated).
module m
  implicit none
  type col
    real(8), allocatable :: t(:)
    integer, allocatable :: cnt(:)
  end type
contains
  subroutine run(n, x, y)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n)
    real(8), intent(out) :: y
    type(col) :: q
    integer :: i
    allocate(q%t(n), q%cnt(n))
    q%cnt = 0
    do i = 1, n
      q%t(i) = x(i)**2
      if (x(i) > 0) q%cnt(i) = q%cnt(i) + 1
    end do
    y = sum(q%t*q%cnt) + sum(q%t)
  end subroutine
end module
