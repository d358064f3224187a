! Eager and auto snapshots on a checkpointed loop and region. The steps
! read w, which they do not define and w = sin(u) after the loop
! overwrites: with eager snapshots the loop holds it once, at the end
! of its forward sweep, and w = sin(u) does not record it (with lazy
! snapshots it does, as the TBR analysis asks). The region reads w,
! which the element loop after it updates three times over: auto holds
! w once rather than have those updates record it.
subroutine model(n, nt, u, c, y)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(inout) :: c
  real(8), intent(out) :: y
  integer :: it, i, k
  real(8) :: w(n)
  w = 0.5d0 + 0.1d0*u
  y = 0
  time: do it = 1, nt
    u = u + 0.05d0*(c*cos(u) - w*u*[u(2:n), u(1)])
    y = y + sum(u**2)
  end do time
  c = c*y
  w = sin(u)
  !$fadj checkpoint begin relax
  u = u + 0.1d0*w*u**2
  y = y + c*sum(u*w)
  !$fadj checkpoint end relax
  do k = 1, 3
    do i = 1, n
      w(i) = 0.5d0*w(i) + u(i)**2
    end do
  end do
  y = y + sum(w)
end subroutine
