module physics
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  interface limiter
    module procedure limiter_s, limiter_v
  end interface
contains
  elemental function limiter_s(a, b) result(r)
    real(wp), intent(in) :: a, b
    real(wp) :: r
    r = 0.5_wp*(sign(1.0_wp, a) + sign(1.0_wp, b))*min(abs(a), abs(b))
  end function
  function limiter_v(a, b, eps) result(r)
    real(wp), intent(in) :: a(:), b(:)
    real(wp), intent(in), optional :: eps
    real(wp) :: r(size(a))
    real(wp) :: e
    e = 1e-12_wp
    if (present(eps)) e = eps
    r = (a*b + e)/(a**2 + b**2 + e)
  end function
  subroutine advect(n, q, c, qnew, flux_out, scheme)
    integer, intent(in) :: n
    real(wp), intent(in) :: q(0:n+1), c
    real(wp), intent(out) :: qnew(n)
    real(wp), intent(out), optional :: flux_out(0:n)
    integer, intent(in), optional :: scheme
    real(wp) :: f(0:n), dq(0:n+1), slope(n)
    integer :: i, sch
    sch = 1
    if (present(scheme)) sch = scheme
    dq(1:n+1) = q(1:n+1) - q(0:n)
    dq(0) = dq(1)
    if (sch == 1) then
      slope = limiter(dq(1:n), dq(2:n+1))
    else
      slope = limiter(dq(1:n), dq(2:n+1), eps=1e-6_wp)
    end if
    f(0) = c*q(0)
    do i = 1, n
      f(i) = c*(q(i) + 0.5_wp*(1 - c)*slope(i))
    end do
    qnew = q(1:n) - (f(1:n) - f(0:n-1))
    if (present(flux_out)) flux_out = f
  end subroutine
  subroutine run(n, q0, cost)
    integer, intent(in) :: n
    real(wp), intent(in) :: q0(n)
    real(wp), intent(out) :: cost
    real(wp) :: q(0:n+1), qn(n), fl(0:n)
    integer :: it
    q(1:n) = q0
    cost = 0
    do it = 1, 6
      q(0) = q(n); q(n+1) = q(1)
      if (mod(it, 2) == 0) then
        call advect(n, q, 0.3_wp, qn, scheme=2, flux_out=fl)
        cost = cost + 0.1_wp*sum(fl**2)
      else
        call advect(n, q, 0.3_wp, qn)
      end if
      q(1:n) = qn
    end do
    cost = cost + sum(q(1:n)**2)
  end subroutine
end module
