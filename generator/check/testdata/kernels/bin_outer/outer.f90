! A binomially checkpointed loop inside a plain loop, its trip count
! nt - r: one step, none, and a negative count (nt = 2);
! the index read after the loop.
subroutine outer(n, nt, u, c, j)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: c
  real(8), intent(out) :: j
  integer :: it, r
  real(8) :: s
  j = 0
  do r = 1, 3
    s = 0
    time: do it = 1, nt - r
      u(2:n) = u(2:n) - c*(u(2:n) - u(1:n-1))*u(1:n-1)
      s = s + u(n)**2
    end do time
    j = j + s*r + it
    u = u*0.9d0
  end do
end subroutine outer
