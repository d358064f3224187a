module quadlib
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  abstract interface
    function func1d(x, p) result(y)
      import :: dp
      real(dp), intent(in) :: x, p(:)
      real(dp) :: y
    end function func1d
  end interface
  real(dp), parameter :: gx(5) = [-0.9061798459386640_dp, -0.5384693101056831_dp, 0.0_dp, &
                                  0.5384693101056831_dp, 0.9061798459386640_dp]
  real(dp), parameter :: gw(5) = [0.2369268850561891_dp, 0.4786286704993665_dp, 0.5688888888888889_dp, &
                                  0.4786286704993665_dp, 0.2369268850561891_dp]
contains
  function gauss5(f, a, b, p) result(s)
    procedure(func1d) :: f
    real(dp), intent(in) :: a, b, p(:)
    real(dp) :: s
    integer :: i
    s = 0.0_dp
    do i = 1, 5
      s = s + gw(i)*f(0.5_dp*(b - a)*gx(i) + 0.5_dp*(a + b), p)
    end do
    s = 0.5_dp*(b - a)*s
  end function gauss5

  recursive function asimpson(f, a, b, p, whole, eps, depth) result(s)
    procedure(func1d) :: f
    real(dp), intent(in) :: a, b, p(:), whole, eps
    integer, intent(in) :: depth
    real(dp) :: s, c, left, right
    c = 0.5_dp*(a + b)
    left = (c - a)/6.0_dp*(f(a, p) + 4.0_dp*f(0.5_dp*(a + c), p) + f(c, p))
    right = (b - c)/6.0_dp*(f(c, p) + 4.0_dp*f(0.5_dp*(c + b), p) + f(b, p))
    if (depth <= 0 .or. abs(left + right - whole) <= 15.0_dp*eps) then
      s = left + right + (left + right - whole)/15.0_dp
    else
      s = asimpson(f, a, c, p, left, 0.5_dp*eps, depth - 1) + asimpson(f, c, b, p, right, 0.5_dp*eps, depth - 1)
    end if
  end function asimpson

  function integrand(x, p) result(y)
    real(dp), intent(in) :: x, p(:)
    real(dp) :: y
    y = p(1)*exp(-p(2)*x**2) + p(3)*sin(3.0_dp*x)**2
  end function integrand

  function bisect(f, lo, hi, p, target) result(x)
    procedure(func1d) :: f
    real(dp), intent(in) :: lo, hi, p(:), target
    real(dp) :: x, a, b, fa, fm
    integer :: it
    a = lo
    b = hi
    fa = f(a, p) - target
    do it = 1, 60
      x = 0.5_dp*(a + b)
      fm = f(x, p) - target
      if (sign(1.0_dp, fm) == sign(1.0_dp, fa)) then
        a = x
        fa = fm
      else
        b = x
      end if
    end do
    ! one Newton polish so that x depends on p smoothly
    x = x - (f(x, p) - target)/((f(x + 1.0e-6_dp, p) - f(x - 1.0e-6_dp, p))/2.0e-6_dp)
  end function bisect

  subroutine sort_insert(n, a)
    integer, intent(in) :: n
    real(dp), intent(inout) :: a(n)
    integer :: i, j
    real(dp) :: v
    do i = 2, n
      v = a(i)
      j = i - 1
      do while (j >= 1)
        if (a(j) <= v) exit
        a(j + 1) = a(j)
        j = j - 1
      end do
      a(j + 1) = v
    end do
  end subroutine sort_insert

  subroutine evaluate(n, p, y, cost)
    integer, intent(in) :: n
    real(dp), intent(in) :: p(3), y(n)
    real(dp), intent(out) :: cost
    real(dp) :: w(n), whole, s1, s2, xr
    whole = gauss5(integrand, 0.0_dp, 2.0_dp, p)
    s1 = asimpson(integrand, 0.0_dp, 2.0_dp, p, whole, 1.0e-6_dp, 6)
    w = y*p(1)
    call sort_insert(n, w)
    s2 = sum(w(1:n/2), mask=w(1:n/2) > 0.0_dp) + maxval(w) - minval(w)
    xr = bisect(integrand, 0.0_dp, 0.5_dp, p, 0.5_dp*(integrand(0.0_dp, p) + integrand(0.5_dp, p)))
    cost = s1*s2 + whole**2 + xr + norm2(w)*hypot(p(1), p(3))
  end subroutine evaluate
end module quadlib
