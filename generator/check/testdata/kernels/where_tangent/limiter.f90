! Masked array assignments in tangent mode: a WHERE statement, a WHERE
! construct with a masked ELSEWHERE and an ELSEWHERE, a nested WHERE, on
! 1-D and 2-D arrays; the masks read active values.
subroutine limiter(n, u, w, v, s)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: u(n), w(n, 2)
  real(8), intent(out) :: v(n), s
  real(8) :: r(n), q(n, 2)
  r = u - 0.5d0
  where (r < 0.0d0) r = -r*w(:, 1)
  where (u > 0.7d0)
    v = sqrt(u)*r
  elsewhere (u > 0.3d0)
    v = u**2 + r
    where (w(:, 2) > 0.5d0)
      v = v*w(:, 2)
    end where
  elsewhere
    v = exp(u)
  end where
  q = w
  where (q > 0.4d0) q = q*spread(v, 2, 2)
  s = sum(q) + sum(v)
end subroutine limiter
