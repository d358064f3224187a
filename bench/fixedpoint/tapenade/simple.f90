! bench/fixedpoint/tapenade.sh: fp_simple with its DO ... EXIT written as
! the equivalent DO WHILE, the only form Tapenade's FP-LOOP applies to.
! A SIMPLE-like pressure-velocity loop with under-relaxation, for the
! penalised saddle-point system a(u)*u + G p = s, G'u - eps*p = m (G the
! 1-D difference p(i) - p(i-1), a(u) depending on the velocity): the
! momentum equation gives u* from the current pressure; the continuity
! residual, scaled by a diagonal approximation of G'a^-1 G + eps, gives
! the pressure correction; the pressure and the velocity are
! under-relaxed (alpha_p, alpha_u).
subroutine simple(s, m, u, p, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: s(n), m(n)
  real(8), intent(out) :: u(n), p(n)
  real(8) :: a(n), us(n), pc(n), gp(n), res, alpha_u, alpha_p, eps
  integer :: i, it
  alpha_u = 0.7d0
  alpha_p = 0.5d0
  eps = 0.5d0
  u = 0
  p = 0
  it = 0
  res = 1
  do while (res >= 1.0d-14 .and. it < 2000)
    it = it + 1
    gp(1) = p(1)
    do i = 2, n
      gp(i) = p(i) - p(i - 1)
    end do
    a = 2 + 0.2d0*u**2
    us = (s - gp)/a
    do i = 1, n - 1
      pc(i) = (us(i) - us(i + 1) - eps*p(i) - m(i))/(2/a(i) + eps)
    end do
    pc(n) = (us(n) - eps*p(n) - m(n))/(2/a(n) + eps)
    res = maxval(abs(pc))
    p = p + alpha_p*pc
    u = (1 - alpha_u)*u + alpha_u*us
  end do
end subroutine
