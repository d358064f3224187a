! Eager snapshots on a checkpointed region (a named BLOCK) and auto ones
! on a checkpointed loop. The region reads a, which the code after it
! overwrites whole: eager holds a across that code, which then records
! nothing of it. The loop reads s, which the element loop after it
! updates four times over: auto holds s once instead of those updates
! recording it.
subroutine model(n, nt, u, a, y)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n), a(n)
  real(8), intent(out) :: y
  integer :: it, i, k
  real(8) :: s(n)
  y = 0
  s = 2*a + 1
  steps: do it = 1, nt
    u = u + 0.04d0*(s*cos(u) - u*[u(n), u(1:n-1)])
    y = y + sum(u**2)/it
  end do steps
  do k = 1, 4
    do i = 1, n
      s(i) = 0.3d0*s(i) + u(i)
    end do
  end do
  stage: block
    u = u*(1 + 0.1d0*a*u)
    y = y + sum(u*a) + sum(s**2)
  end block stage
  a = 2*u
  y = y + sum(a**2)
end subroutine
