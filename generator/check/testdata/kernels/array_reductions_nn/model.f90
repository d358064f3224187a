module nn
  implicit none
  integer, parameter :: dp = kind(1.0d0)
contains
  function layer(w, b, x) result(y)
    real(dp), intent(in) :: w(:, :), b(:), x(:)
    real(dp) :: y(size(b))
    y = tanh(matmul(w, x) + b)
  end function
  subroutine run(n, m, w1, b1, w2, xs, cost)
    integer, intent(in) :: n, m
    real(dp), intent(in) :: w1(m, n), b1(m), w2(n, m), xs(n, 4)
    real(dp), intent(out) :: cost
    real(dp) :: h(m), out(n), a(n, 4), stats(4), s2(n)
    integer :: k, imax(1)
    do k = 1, 4
      h = layer(w1, b1, xs(:, k))
      out = matmul(w2, h)
      a(:, k) = out - xs(:, k)
    end do
    stats = sum(a**2, dim=1) + maxval(abs(a), dim=1)
    s2 = sum(spread(b1(1:min(n,m)), 2, 4)**2, dim=2)*0 + sum(a, dim=2)
    imax = maxloc(stats)
    cost = dot_product(stats, stats) + stats(imax(1)) + sum(transpose(a)**2) + norm2(s2) &
         + product(1 + 0.01_dp*reshape(a, [4*n])) + minval(a, mask=a > 0)
  end subroutine
end module
