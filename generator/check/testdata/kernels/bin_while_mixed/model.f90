! A DO WHILE of 40 steps under binomial with 5 snapshots, whose
! snapshots hold an integer, a logical and two real arrays (three
! snapshot stacks): its online schedule frees snapshots below the top,
! which the runtime replaces by the top one on each stack, and sorts
! back by state at the end of the pass (96 forward steps; revolve's
! optimum is 92). The steps alternate on the logical the previous one set.
subroutine model(n, u, v, y)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: u(n), v(n)
  real(8), intent(out) :: y
  integer :: it
  logical :: odd
  it = 0
  odd = .false.
  time: do while (it < 40)
    it = it + 1
    if (odd) then
      u = u + 0.03d0*(sin(v) - u*v)
    else
      v = v + 0.03d0*(cos(u) + 0.1d0*u*v*it)
    end if
    odd = .not. odd
  end do time
  y = sum(u**2) + sum(v*u)
end subroutine
