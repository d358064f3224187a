! Two time loops under strategy recompute, both checkpointed: the first
! binomially, the second, left by an EXIT, with the online schedule.
subroutine two(n, nt, u)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  integer :: t, s
  do s = 1, nt
    u = u + 0.1d0*sin(u)
  end do
  do t = 1, nt
    u = u - 0.05d0*u*cos(u)
    if (sum(u) > 1.0d3) exit
  end do
end subroutine two
