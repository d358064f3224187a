! Vector algebra on a derived type with functions returning it, as an
! orbit integrator writes it: add(a, b) with a RESULT variable, a
! function named as its result (scale), a function of several types
! (accel), results assigned to variables that are also arguments and
! given as components of structure constructors, and references as
! arguments of others (add(p%v, scale(a, 0.01_dp)), keywords too).
module vecs
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type vec
    real(dp) :: x, y
  end type
  type body
    type(vec) :: r, v
    real(dp) :: m
    integer :: id
  end type
contains
  function add(a, b) result(c)
    type(vec), intent(in) :: a, b
    type(vec) :: c
    c%x = a%x + b%x
    c%y = a%y + b%y
  end function

  type(vec) function scale(a, f)
    type(vec), intent(in) :: a
    real(dp), intent(in) :: f
    scale%x = f*a%x
    scale%y = f*a%y
  end function

  function accel(b, gm) result(acc)
    type(body), intent(in) :: b
    real(dp), intent(in) :: gm
    type(vec) :: acc
    real(dp) :: d3
    d3 = sqrt(b%r%x**2 + b%r%y**2)**3
    acc = vec(-gm*b%r%x/d3, -gm*b%r%y/d3)
  end function
end module

subroutine run(x, n, cost)
  use vecs
  implicit none
  integer, intent(in) :: n
  real(dp), intent(in) :: x(n)
  real(dp), intent(out) :: cost
  type(body) :: p
  type(vec) :: a, dv
  type(body) :: q
  integer :: it
  p%r = vec(1.0_dp + x(1), x(2))
  p%v = vec(x(3), 1.0_dp + x(4))
  p%m = 1.0_dp
  p%id = 1
  do it = 1, 5
    a = accel(p, x(5))
    dv = scale(a, 0.01_dp)
    p%v = add(p%v, scale(a, 0.01_dp))
    dv = scale(p%v, 0.01_dp*p%m)
    p%r = add(b=scale(p%v, 0.01_dp*p%m), a=p%r)
    p = body(add(p%r, scale(a, 0.5_dp)), p%v, p%m*(1.0_dp + 1.0e-3_dp*p%v%x), p%id)
  end do
  q = body(add(p%r, a), scale(p%v, x(2)), p%m*x(3), 2)
  p = q
  cost = p%r%x**2 + p%v%y*p%r%y + q%m
end subroutine
