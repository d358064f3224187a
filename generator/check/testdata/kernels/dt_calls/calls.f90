! Derived types across calls: an intent(out) state set by an init
! routine, a component passed as an array argument (s%u), an element of
! an array of types passed to a type dummy (cells(i)), a whole-type copy
! from a passive value (s = zero_state, which zeroes the derivatives), a
! type module variable as state kept across calls.
module box
  implicit none
  integer, parameter :: m = 4
  type layer
    real(8) :: t, s
  end type
  type column
    real(8) :: u(m)
    type(layer) :: top
  end type
  type(column) :: last
contains
  subroutine init(c, x)
    type(column), intent(out) :: c
    real(8), intent(in) :: x(m)
    c%u = x
    c%top = layer(x(1)*x(2), 1.0d0)
  end subroutine

  subroutine diffuse(u, k)
    real(8), intent(inout) :: u(m)
    real(8), intent(in) :: k
    integer :: i
    do i = 2, m
      u(i) = u(i) + k*(u(i-1) - u(i))
    end do
  end subroutine

  subroutine mix(l, f)
    type(layer), intent(inout) :: l
    real(8), intent(in) :: f
    l%t = l%t*(1.0d0 - f) + f*l%s**2
    l%s = l%s + f*sin(l%t)
  end subroutine
end module

subroutine run(x, k, y)
  use box
  implicit none
  real(8), intent(in) :: x(m), k
  real(8), intent(out) :: y
  type(column) :: c
  type(layer) :: cells(3), passive
  real(8) :: f
  integer :: i, it
  call init(c, x)
  do i = 1, 3
    cells(i) = c%top
    cells(i)%s = x(i)
  end do
  do it = 1, 3
    call diffuse(c%u, k)
    do i = 1, 3
      f = 0.1d0*c%u(i)
      call mix(cells(i), f)
    end do
    last = c
    c%top = cells(it)
  end do
  y = sum(c%u**2) + last%top%t
  passive%t = 2.0d0
  passive%s = 3.0d0
  c%top = passive
  y = y + c%top%t*c%top%s + sum(cells%t*cells%s)
end subroutine
