! Procedures: prefixes, RESULT, BIND(C), optional and intent arguments,
! interface bodies, abstract interfaces, external procedures, internal
! procedures.
module procs
  use, intrinsic :: iso_c_binding, only: c_int, c_double
  implicit none

  abstract interface
    real function real_fun(x)
      real, intent(in) :: x
    end function real_fun
  end interface

  interface
    subroutine ext_sub(a, b)
      real, intent(in) :: a
      real, intent(out) :: b
    end subroutine ext_sub
    double precision function ext_fun(x)
      double precision, intent(in) :: x
    end function ext_fun
  end interface

contains

  recursive integer function fact(n) result(f)
    integer, intent(in) :: n
    if (n <= 1) then
      f = 1
    else
      f = n*fact(n - 1)
    end if
  end function fact

  elemental real function twice(x)
    real, intent(in) :: x
    twice = 2.0*x
  end function twice

  pure subroutine swap(a, b)
    real, intent(inout) :: a, b
    real :: t
    t = a
    a = b
    b = t
  end subroutine swap

  function c_add(a, b) result(c) bind(c, name='c_add')
    integer(c_int), value :: a, b
    integer(c_int) :: c
    c = a + b
  end function c_add

  subroutine c_scale(x) bind(c)
    real(c_double), intent(inout) :: x
    x = 2.0_c_double*x
  end subroutine c_scale

  real function apply(f, x, scale)
    interface
      real function f(x)
        real, intent(in) :: x
      end function f
    end interface
    real, intent(in) :: x
    real, intent(in), optional :: scale
    apply = f(x)
    if (present(scale)) apply = apply*scale
  end function apply

  real function square(x)
    real, intent(in) :: x
    square = x*x
  end function square

end module procs

program procedures
  use procs
  implicit none
  real :: u, v, w(3)
  external :: ext_sub2
  u = 1.0
  v = 2.0
  call swap(u, v)
  w = twice([1.0, 2.0, 3.0])
  print *, fact(5), u, v, w, apply(square, 3.0), apply(square, 2.0, scale=0.5)
  call inner()
  call inner2
contains
  subroutine inner()
    print *, 'inner'
  end subroutine inner
  subroutine inner2
    print *, 'inner2', c_add(1_c_int, 2_c_int)
  end subroutine inner2
end program procedures
