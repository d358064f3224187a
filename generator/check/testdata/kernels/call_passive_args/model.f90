! Active variables passed to dummies the callee treats as passive, as
! legacy code passes work arrays and flags (no INTENT): a reset without
! a derivative version that overwrites an element of a state array (its
! index changes after the call) and a section; a floor that overwrites
! it under a test; a dummy read only in a test (`x(i) > cut`); an active
! call whose output c is overwritten before it is used.
subroutine set_one(v)
  double precision v
  v = 1.0d0
end subroutine

subroutine set_all(w, n)
  integer n
  double precision w(n)
  w = 0.5d0
end subroutine

subroutine reset_floor(v, floor)
  double precision v, floor
  if (floor > 0.5d0) v = floor
end subroutine

subroutine fill(w, n)
  integer n
  double precision w(n)
  integer i
  do i = 1, n
    w(i) = 0.25d0*i
  end do
end subroutine

subroutine scale_where(x, y, n, cut)
  integer n
  double precision x(n), y(n), cut
  integer i
  do i = 1, n
    if (x(i) > cut) y(i) = 2.0d0*y(i)
  end do
end subroutine

subroutine pair(a, b, c, d)
  double precision a, b, c, d
  c = sin(a*b)
  d = cos(a + b)
end subroutine

subroutine model(x, y, n)
  implicit none
  integer n
  double precision x(n), y(n)
  double precision q(n), c, d, p, s
  integer l, k
  q = x**2
  l = 2
  s = q(l)*x(1)
  call reset_floor(q(l), 1.0d0)
  y = q*x + s
  q = q*x
  k = 1
  call set_one(q(k))
  k = n
  l = 3
  y = y + q*x
  call fill(q(2:3), 2)
  y = y + q*x
  q = x*q
  call set_all(q(2:3), 2)
  y(1) = y(1) + sum(q*x)
  call scale_where(x, y, n, 0.3d0)
  p = 2.0d0
  call pair(x(1), x(2), c, d)
  call pair(x(1), p, c, d)
  y(2) = y(2) + c*d
  y(3) = y(3) + c + d + q(l)
end subroutine
