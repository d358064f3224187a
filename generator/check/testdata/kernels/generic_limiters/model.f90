! Slope limiters behind a generic interface, as finite-volume codes
! write them: an elemental specific for scalars and a non-elemental one
! for whole arrays. The compiler calls limiter_v for limiter(a, b) of two
! arrays (a non-elemental match comes first), so fadj must differentiate
! that one. A third limiter takes its tolerance by keyword.
module limiters
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
  function limiter_v(a, b) result(r)
    real(wp), intent(in) :: a(:), b(:)
    real(wp) :: r(size(a))
    r = a*b*(a + b)/(a**2 + b**2 + 1.0e-3_wp)
  end function
  function vanleer(a, b, eps) result(r)
    real(wp), intent(in) :: a(:), b(:), eps
    real(wp) :: r(size(a))
    r = (a*b + eps)/(a + b + 2*eps)
  end function
  subroutine advect(n, q, c, qnew, scheme)
    integer, intent(in) :: n
    real(wp), intent(in) :: q(0:n+1), c
    real(wp), intent(out) :: qnew(n)
    integer, intent(in) :: scheme
    real(wp) :: f(0:n), dq(0:n+1), slope(n)
    integer :: i
    dq(1:n+1) = q(1:n+1) - q(0:n)
    dq(0) = dq(1)
    select case (scheme)
    case (1)
      slope = limiter(dq(1:n), dq(2:n+1))
    case (2)
      do i = 1, n
        slope(i) = limiter(dq(i), dq(i+1))
      end do
    case default
      slope = vanleer(dq(1:n)**2, dq(2:n+1)**2, eps=1.0e-2_wp)
    end select
    f(0) = c*q(0)
    do i = 1, n
      f(i) = c*(q(i) + 0.5_wp*(1 - c)*slope(i))
    end do
    qnew = q(1:n) - (f(1:n) - f(0:n-1))
  end subroutine
  subroutine run(n, q0, cost)
    integer, intent(in) :: n
    real(wp), intent(in) :: q0(n)
    real(wp), intent(out) :: cost
    real(wp) :: q(0:n+1), qn(n)
    integer :: it
    q(1:n) = q0
    do it = 1, 6
      q(0) = q(n); q(n+1) = q(1)
      call advect(n, q, 0.3_wp, qn, mod(it, 3) + 1)
      q(1:n) = qn
    end do
    cost = sum(q(1:n)**2)
  end subroutine
end module
