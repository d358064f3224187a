! A named BLOCK construct checkpointed as a whole (region: stage): the
! forward sweep runs it plainly after a snapshot of what it overwrites
! and reads (u, y); the backward sweep restores it, records the block
! and reverses it at once. The block holds a WHERE mask, an array
! constructor and a DO loop left by EXIT.
subroutine model(n, u, c, y)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: c
  real(8), intent(out) :: y
  real(8) :: r(n)
  integer :: k
  y = sum(u)
  stage: block
    r = u - c*u**3
    where (abs(u) > 0.9d0) r = 0
    do k = 1, 4
      u = u + 0.1d0*(r + [u(n), u(1:n-1)] - u)
      if (maxval(abs(u)) > 50) exit
    end do
    y = y + sum(u**2)
  end block stage
  u = u*y
  y = y + sum(sin(u))
end subroutine
