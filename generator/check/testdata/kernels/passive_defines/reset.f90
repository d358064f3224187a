! Calls of procedures without a tangent version that overwrite active
! variables with passive values: a real, a component of a derived-type
! variable, and a module variable. Their tangents are zero after the
! call (an earlier tangent kept the stale ones: a wrong derivative).
! mix has a derivative version, for a and b only: c and gain, which it
! overwrites with passive values, get zero derivatives too.
module knobs
  implicit none
  real(8) :: gain
  type pair
    real(8) :: a, b
  end type
contains
  subroutine set_gain()
    gain = 2.0d0
  end subroutine
  subroutine mix(a, b, c)
    real(8) :: a, b, c
    b = a*2
    c = 1.0d0
    gain = 4.0d0
  end subroutine
  subroutine reset_b(p)
    type(pair), intent(inout) :: p
    p%b = 1.0d0
  end subroutine
end module

subroutine reset(z)
  real(8), intent(inout) :: z
  z = 1.0d0
end subroutine

subroutine run(x, y)
  use knobs
  implicit none
  real(8), intent(in) :: x
  real(8), intent(out) :: y
  real(8) :: z, w
  type(pair) :: p
  z = x**2
  p%a = sin(x)
  p%b = x**3
  gain = 3*x
  y = z + p%b + gain
  call reset(z)
  call reset_b(p)
  call set_gain()
  y = y + z*x + p%a*p%b*x + gain*x
  z = x**2
  gain = sin(x)
  y = y + z*gain
  call mix(x, w, z)
  y = y + w*z*gain*x
end subroutine
