! A time-stepping loop: explicit heat equation, nsteps steps.
subroutine heat(u, n, r, nsteps)
  implicit none
  integer, intent(in) :: n, nsteps
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: r
  real(8) :: unew(n)
  integer :: i, step
  do step = 1, nsteps
    unew(1) = u(1)
    unew(n) = u(n)
    do i = 2, n - 1
      unew(i) = u(i) + r*(u(i+1) - 2*u(i) + u(i-1))
    end do
    u = unew
  end do
end subroutine
