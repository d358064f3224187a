module views
  implicit none
  integer, parameter :: wp = kind(1.d0)
  type view_t
    real(wp), pointer :: flat(:) => null()
    integer, pointer :: ids(:) => null()
  end type view_t
contains
  subroutine norms(n, m, a, cost)
    integer, intent(in) :: n, m
    real(wp), intent(in) :: a(n, m)
    real(wp), intent(out) :: cost
    real(wp), target :: work(n, m)
    integer, target :: perm(n, m)
    type(view_t) :: v
    integer :: i, j
    do j = 1, m
      do i = 1, n
        perm(i, j) = mod(i + j, n*m) + 1
      end do
    end do
    work = a**2
    v%ids(1:n*m) => perm
    v%flat(1:n*m) => work
    cost = 0
    do i = 1, n*m
      cost = cost + v%flat(i)*v%flat(v%ids(i))
    end do
  end subroutine norms
end module views
