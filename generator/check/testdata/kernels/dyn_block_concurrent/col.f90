module colphys
  implicit none
  integer, parameter :: dp = kind(1.d0)
contains
  subroutine implicit_mix(ni, nj, nk, t, kz, dt, nt, cost, colmax)
    integer, intent(in) :: ni, nj, nk, nt
    real(dp), intent(inout) :: t(ni, nj, nk)
    real(dp), intent(in) :: kz(nk+1), dt
    real(dp), intent(out) :: cost, colmax(ni)
    integer :: i, j, it
    do it = 1, nt
      do concurrent (j = 1:nj, i = 1:ni)
        block
          real(dp) :: a(nk), b(nk), c(nk), d(nk), cp(nk), dp_(nk), m
          integer :: k
          do k = 1, nk
            a(k) = -dt*kz(k); c(k) = -dt*kz(k+1)
            b(k) = 1.0_dp - a(k) - c(k)
            d(k) = t(i, j, k)
          end do
          a(1) = 0.0_dp; c(nk) = 0.0_dp
          cp(1) = c(1)/b(1); dp_(1) = d(1)/b(1)
          do k = 2, nk
            m = b(k) - a(k)*cp(k-1)
            cp(k) = c(k)/m
            dp_(k) = (d(k) - a(k)*dp_(k-1))/m
          end do
          t(i, j, nk) = dp_(nk)
          do k = nk - 1, 1, -1
            t(i, j, k) = dp_(k) - cp(k)*t(i, j, k+1)
          end do
        end block
      end do
      t(:, :, 1) = t(:, :, 1) + 0.1_dp*dt*t(:, :, 1)**2
    end do
    cost = sum(norm2(t, dim=3)) + sum(minval(t, dim=2)**2)
    colmax = maxval(sum(t, dim=3), dim=2)
  end subroutine implicit_mix
end module colphys
