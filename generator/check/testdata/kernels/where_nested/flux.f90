! A nested WHERE in both modes: masks on active values at two levels, a
! masked ELSEWHERE holding the inner WHERE, a scalar active operand, a 2-D
! mask; the step is repeated, so the masks go on the tape each time.
subroutine flux(n, c, u, w, s)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: c, u(n), w(n, 2)
  real(8), intent(out) :: s
  real(8) :: v(n), r(n), q(n, 2)
  integer :: k
  v = u
  r = 0.0d0
  q = w
  do k = 1, 2
    where (v > 0.7d0)
      r = sqrt(v)*c
    elsewhere (v > 0.3d0)
      r = v**2 + r
      where (w(:, 2) > 0.5d0)
        r = r*w(:, 2)
      elsewhere
        r = r - c*w(:, 1)
      end where
      v = v*0.9d0 + 0.1d0*r
    elsewhere
      r = exp(v)
    end where
    where (q > 0.4d0) q = q*c + w*r(1)
  end do
  s = sum(r*v) + sum(q)
end subroutine flux
