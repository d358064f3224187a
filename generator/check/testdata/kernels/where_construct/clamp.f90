! WHERE / ELSEWHERE on an active mask.
subroutine clamp(u, v, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: u(n)
  real(8), intent(out) :: v(n)
  where (u > 0.5d0)
    v = u**2
  elsewhere
    v = 0.5d0*u
  end where
  v = v + sum(v)
end subroutine
