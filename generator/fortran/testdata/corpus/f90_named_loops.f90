! Named DO and IF constructs with CYCLE and EXIT (plain and named), an
! unbounded DO with EXIT, DO WHILE, loops with steps, and a prime sieve.
program named_loops
  implicit none
  integer, parameter :: nmax = 60
  logical :: is_prime(nmax)
  integer :: mat(4, 5)
  integer :: i, j, k, count, found_i, found_j, target, n, steps
  integer :: primes(20), np

  ! sieve of Eratosthenes with a stride loop
  is_prime = .true.
  is_prime(1) = .false.
  sieve: do i = 2, nmax
     if (.not. is_prime(i)) cycle sieve
     if (i * i > nmax) exit sieve
     do j = i * i, nmax, i
        is_prime(j) = .false.
     end do
  end do sieve
  np = 0
  do i = 1, nmax
     if (is_prime(i)) then
        np = np + 1
        primes(np) = i
     end if
  end do
  write (*, '(a, i3, a)') 'primes <=', nmax, ':'
  write (*, '(10i4)') primes(1:np)

  ! search a matrix; leave both loops at the first hit
  mat = reshape((/ (mod(7 * k, 23), k = 1, 20) /), shape(mat))
  target = 12
  found_i = 0
  found_j = 0
  outer: do j = 1, size(mat, 2)
     inner: do i = 1, size(mat, 1)
        if (mat(i, j) == target) then
           found_i = i
           found_j = j
           exit outer
        end if
     end do inner
  end do outer
  write (*, '(a, i3, a, 2i3)') 'value', target, ' found at', found_i, found_j

  ! count entries, skipping whole columns whose first entry is odd
  count = 0
  cols: do j = 1, 5
     rows: do i = 1, 4
        if (mod(mat(1, j), 2) == 1) cycle cols
        if (mat(i, j) > 15) cycle rows
        count = count + 1
     end do rows
  end do cols
  write (*, '(a, i4)') 'counted', count

  ! unbounded loop with exit: Collatz stopping time of 97
  n = 97
  steps = 0
  do
     if (n == 1) exit
     if (mod(n, 2) == 0) then
        n = n / 2
     else
        n = 3 * n + 1
     end if
     steps = steps + 1
  end do
  write (*, '(a, i5)') 'collatz(97) steps', steps

  ! do while, integer square root by bisection
  n = 1000003
  i = 0
  j = n
  do while (j - i > 1)
     k = (i + j) / 2
     if (k <= n / k) then           ! avoids overflow of k*k
        i = k
     else
        j = k
     end if
  end do
  write (*, '(a, i8, a, i6)') 'isqrt(', n, ') =', i

  ! downward loop with a negative step and a named IF
  do k = 10, 1, -3
     parity: if (mod(k, 2) == 0) then
        write (*, '(i3, a)') k, ' even'
     else if (k > 5) then parity
        write (*, '(i3, a)') k, ' odd big'
     else parity
        write (*, '(i3, a)') k, ' odd small'
     end if parity
  end do

  ! zero-trip loop
  count = 0
  do i = 5, 1
     count = count + 1
  end do
  write (*, '(a, i2)') 'zero-trip count', count
end program named_loops
