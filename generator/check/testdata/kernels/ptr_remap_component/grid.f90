! A state whose POINTER components view one buffer: a 2-D field
! s%h(1:n, 1:m) => buf and its flat view s%hflat(1:n*m) => buf.
module gridview
  implicit none
  integer, parameter :: wp = kind(1.d0)
  type state_t
    real(wp), pointer :: h(:, :) => null()
    real(wp), pointer :: hflat(:) => null()
  end type
contains
  subroutine step(s, n, m, c)
    type(state_t), intent(inout) :: s
    integer, intent(in) :: n, m
    real(wp), intent(in) :: c
    integer :: i, j
    do j = 2, m
      do i = 1, n
        s%h(i, j) = s%h(i, j) - c*(s%h(i, j) - s%h(i, j-1))*s%h(i, j)
      end do
    end do
  end subroutine
  subroutine run(n, m, nt, h0, c, cost)
    integer, intent(in) :: n, m, nt
    real(wp), intent(in) :: h0(n*m), c
    real(wp), intent(out) :: cost
    real(wp), target :: buf(n*m)
    type(state_t) :: s
    integer :: it
    buf = h0
    s%h(1:n, 1:m) => buf
    s%hflat(1:n*m) => buf
    do it = 1, nt
      call step(s, n, m, c)
    end do
    cost = sum(s%hflat**2)
  end subroutine
end module
