! Recursive procedures: factorial, Fibonacci with memoisation,
! Euclid's gcd, Ackermann, towers of Hanoi, recursive quicksort and an
! adaptive Simpson integrator.
module recursion
  implicit none
  integer, parameter :: i8 = selected_int_kind(18)
  integer(i8) :: memo(0:90) = -1_8
  integer :: hanoi_moves = 0

contains

  recursive function factorial(n) result(f)
    integer, intent(in) :: n
    integer(i8) :: f
    if (n <= 1) then
       f = 1_i8
    else
       f = int(n, i8) * factorial(n - 1)
    end if
  end function factorial

  recursive function fib(n) result(f)
    integer, intent(in) :: n
    integer(i8) :: f
    if (memo(n) >= 0) then
       f = memo(n)
       return
    end if
    if (n < 2) then
       f = int(n, i8)
    else
       f = fib(n - 1) + fib(n - 2)
    end if
    memo(n) = f
  end function fib

  recursive integer function gcd(a, b) result(g)
    integer, intent(in) :: a, b
    if (b == 0) then
       g = abs(a)
    else
       g = gcd(b, mod(a, b))
    end if
  end function gcd

  recursive function ackermann(m, n) result(a)
    integer, intent(in) :: m, n
    integer :: a
    if (m == 0) then
       a = n + 1
    elseif (n == 0) then
       a = ackermann(m - 1, 1)
    else
       a = ackermann(m - 1, ackermann(m, n - 1))
    endif
  end function ackermann

  recursive subroutine hanoi(n, from, to, via)
    integer, intent(in) :: n
    character, intent(in) :: from, to, via
    if (n == 0) return
    call hanoi(n - 1, from, via, to)
    hanoi_moves = hanoi_moves + 1
    if (n == 3) write (*, '(a, i1, 4a)') 'move disk ', n, ' ', from, '->', to
    call hanoi(n - 1, via, to, from)
  end subroutine hanoi

  recursive subroutine quicksort(a, lo, hi)
    real, intent(inout) :: a(:)
    integer, intent(in) :: lo, hi
    integer :: i, j
    real :: pivot, t
    if (lo >= hi) return
    pivot = a((lo + hi) / 2)
    i = lo
    j = hi
    do
       do while (a(i) < pivot)
          i = i + 1
       end do
       do while (a(j) > pivot)
          j = j - 1
       end do
       if (i <= j) then
          t = a(i); a(i) = a(j); a(j) = t
          i = i + 1
          j = j - 1
       end if
       if (i > j) exit
    end do
    call quicksort(a, lo, j)
    call quicksort(a, i, hi)
  end subroutine quicksort

  recursive function asimpson(a, b, eps, whole, depth) result(s)
    real(8), intent(in) :: a, b, eps, whole
    integer, intent(in) :: depth
    real(8) :: s, c, left, right
    c = 0.5d0 * (a + b)
    left = simpson(a, c)
    right = simpson(c, b)
    if (depth <= 0 .or. abs(left + right - whole) <= 15.0d0 * eps) then
       s = left + right + (left + right - whole) / 15.0d0
    else
       s = asimpson(a, c, 0.5d0 * eps, left, depth - 1) &
         + asimpson(c, b, 0.5d0 * eps, right, depth - 1)
    end if
  end function asimpson

  real(8) function simpson(a, b)
    real(8), intent(in) :: a, b
    simpson = (b - a) / 6.0d0 * (f(a) + 4.0d0 * f(0.5d0 * (a + b)) + f(b))
  end function simpson

  real(8) function f(x)
    real(8), intent(in) :: x
    f = sqrt(x) * exp(-x)
  end function f

end module recursion

program recursive_demo
  use recursion
  implicit none
  real :: data(12) = (/ 3.5, -1.0, 7.25, 0.0, 2.0, 9.5, -4.75, 3.5, 1.0, 8.0, -2.0, 6.0 /)
  integer :: k

  do k = 0, 20, 5
     write (*, '(a, i2, a, i20)') 'factorial(', k, ') =', factorial(k)
  end do
  write (*, '(a, i20)') 'fib(90)       =', fib(90)
  write (*, '(a, 3i6)') 'gcd           =', gcd(1071, 462), gcd(-48, 18), gcd(17, 0)
  write (*, '(a, 2i6)') 'ackermann     =', ackermann(2, 3), ackermann(3, 3)
  call hanoi(6, 'A', 'C', 'B')
  write (*, '(a, i6)') 'hanoi(6) moves:', hanoi_moves
  call quicksort(data, 1, size(data))
  write (*, '(12f6.2)') data
  write (*, '(a, f18.14)') 'adaptive simpson:', &
       asimpson(0.0d0, 4.0d0, 1.0d-10, simpson(0.0d0, 4.0d0), 30)
end program recursive_demo
