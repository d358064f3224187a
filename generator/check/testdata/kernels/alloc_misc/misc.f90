! Allocatables of other shapes and kinds: an allocatable scalar, passive
! integer arrays (an index array deallocated with the real one in one
! statement, a permutation allocated by assignment), a function with
! allocatable locals.
module fm
  implicit none
contains
  real(8) function wsum(x, n)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n)
    real(8), allocatable :: w(:)
    integer, allocatable :: idx(:)
    integer :: i
    allocate(w(n), idx(n))
    do i = 1, n
      idx(i) = n + 1 - i
    end do
    do i = 1, n
      w(i) = x(idx(i))**2
    end do
    wsum = sum(w*x)
    deallocate(idx, w)
  end function
end module

subroutine top(x, n, y)
  use fm
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y
  real(8), allocatable :: s
  integer, allocatable :: perm(:)
  integer :: k
  allocate(s)
  s = x(1)
  perm = [(n - mod(k, n), k = 1, n)]
  y = wsum(x, n)*s + x(perm(2))
  deallocate(s)
  deallocate(perm)
end subroutine
