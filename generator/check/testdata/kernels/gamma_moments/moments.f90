! Moments of a gamma size distribution, as two-moment microphysics
! schemes compute them: the shape parameter mu diagnosed from the
! number and mass mixing ratios, the slope lambda from the ratio of
! gamma functions, the sedimentation velocity from GAMMA(mu + 4 + b) /
! GAMMA(mu + 4), and a log-likelihood term with LOG_GAMMA.
subroutine moments(n, qr, nr, vt, cost)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: qr(n), nr(n)
  real(8), intent(out) :: vt(n), cost
  real(8), parameter :: a = 841.99667d0, b = 0.8d0, cm = 523.6d0
  real(8) :: mu(n), lam(n)
  mu = 0.5d0 + 4*tanh(nr/(1 + nr))
  lam = (cm*nr*gamma(mu + 4)/(qr*gamma(mu + 1)))**(1.0d0/3)
  vt = a*gamma(mu + 4 + b)/(gamma(mu + 4)*lam**b)
  cost = sum(vt*qr) - sum(log_gamma(mu + 1)) + dgamma(1.5d0 + qr(1))
end subroutine moments
