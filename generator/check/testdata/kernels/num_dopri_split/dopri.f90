module dopri
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  real(dp), parameter :: c(7) = [0.0_dp, 0.2_dp, 0.3_dp, 0.8_dp, 8.0_dp/9.0_dp, 1.0_dp, 1.0_dp]
  real(dp), parameter :: a(7,6) = reshape([ &
    0.0_dp, 0.2_dp, 3.0_dp/40.0_dp, 44.0_dp/45.0_dp, 19372.0_dp/6561.0_dp, 9017.0_dp/3168.0_dp, 35.0_dp/384.0_dp, &
    0.0_dp, 0.0_dp, 9.0_dp/40.0_dp, -56.0_dp/15.0_dp, -25360.0_dp/2187.0_dp, -355.0_dp/33.0_dp, 0.0_dp, &
    0.0_dp, 0.0_dp, 0.0_dp, 32.0_dp/9.0_dp, 64448.0_dp/6561.0_dp, 46732.0_dp/5247.0_dp, 500.0_dp/1113.0_dp, &
    0.0_dp, 0.0_dp, 0.0_dp, 0.0_dp, -212.0_dp/729.0_dp, 49.0_dp/176.0_dp, 125.0_dp/192.0_dp, &
    0.0_dp, 0.0_dp, 0.0_dp, 0.0_dp, 0.0_dp, -5103.0_dp/18656.0_dp, -2187.0_dp/6784.0_dp, &
    0.0_dp, 0.0_dp, 0.0_dp, 0.0_dp, 0.0_dp, 0.0_dp, 11.0_dp/84.0_dp], [7, 6])
  real(dp), parameter :: e(7) = [71.0_dp/57600.0_dp, 0.0_dp, -71.0_dp/16695.0_dp, 71.0_dp/1920.0_dp, &
    -17253.0_dp/339200.0_dp, 22.0_dp/525.0_dp, -1.0_dp/40.0_dp]
contains
  subroutine f(n, t, y, p, dy)
    integer, intent(in) :: n
    real(dp), intent(in) :: t, y(n), p(3)
    real(dp), intent(out) :: dy(n)
    dy(1) = p(1)*(y(2) - y(1))
    dy(2) = y(1)*(p(2) - y(3)) - y(2)
    dy(3) = y(1)*y(2) - p(3)*y(3) + 0.0_dp*t
  end subroutine f

  subroutine integrate(n, p, y0, nobs, tobs, yobs, cost, nacc)
    integer, intent(in) :: n, nobs
    real(dp), intent(in) :: p(3), y0(n), tobs(nobs), yobs(n, nobs)
    real(dp), intent(out) :: cost
    integer, intent(out) :: nacc
    real(dp) :: k(n, 7), y(n), ynew(n), t, h, err, sc(n), theta, yint(n)
    integer :: s, io
    y = y0
    t = 0.0_dp
    h = 0.01_dp
    io = 1
    nacc = 0
    cost = 0.0_dp
    call f(n, t, y, p, k(:, 1))
    steps: do while (io <= nobs)
      do s = 2, 7
        call f(n, t + c(s)*h, y + h*matmul(k(:, 1:s-1), a(s, 1:s-1)), p, k(:, s))
      end do
      ynew = y + h*matmul(k(:, 1:6), a(7, 1:6))
      sc = 1.0e-6_dp + 1.0e-6_dp*max(abs(y), abs(ynew))
      err = sqrt(sum((h*matmul(k, e)/sc)**2)/n)
      if (err > 1.0_dp) then
        h = h*max(0.2_dp, 0.9_dp*err**(-0.2_dp))
        cycle steps
      end if
      ! dense output (cubic Hermite) at the observation times in this step
      do while (io <= nobs)
        if (tobs(io) > t + h) exit
        theta = (tobs(io) - t)/h
        yint = (1 - theta)*y + theta*ynew + theta*(theta - 1)*((1 - 2*theta)*(ynew - y) &
               + (theta - 1)*h*k(:, 1) + theta*h*k(:, 7))
        cost = cost + 0.5_dp*sum((yint - yobs(:, io))**2)
        io = io + 1
      end do
      t = t + h
      y = ynew
      k(:, 1) = k(:, 7)
      nacc = nacc + 1
      h = h*min(5.0_dp, max(0.2_dp, 0.9_dp*max(err, 1.0e-10_dp)**(-0.2_dp)))
    end do steps
  end subroutine integrate
end module dopri
