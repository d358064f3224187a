! One snapshot: each step is reached again from the loop's start (the
! schedule's n(n-1)/2 advances); a scalar and an array state.
subroutine model(n, nt, x, s, y)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: x(n), s
  real(8), intent(out) :: y
  integer :: it, i
  do it = 1, nt
    do i = 1, n
      x(i) = x(i) + 0.1d0*sin(s*x(i) + i)
    end do
    s = s + 0.05d0*sum(x)/n
  end do
  y = s*sum(x)
end subroutine
