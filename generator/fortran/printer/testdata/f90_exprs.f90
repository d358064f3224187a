! Expressions: precedence, parentheses, every operator spelling, literals.
program exprs
  implicit none
  integer, parameter :: dp = kind(1.d0)
  integer :: i, j, k, m(3), n8
  real :: a, b, c, v(10)
  real(dp) :: x, y
  logical :: p, q, r
  complex :: z
  character(len=20) :: s, t
  a = 1.0; b = 2.0; c = 3.0
  i = 2; j = 3; k = 4
  ! arithmetic precedence and associativity
  a = a + b*c
  a = (a + b)*c
  a = a - (b - c)
  a = a - b - c
  a = a/(b*c)
  a = a/b*c
  a = a**b**c
  a = (a**b)**c
  a = -a**2
  a = (-a)**2
  a = a*(-b)
  a = -(a + b)
  a = +a - (+b)
  i = 2**3**2
  i = i/j*k
  i = mod(i, j)*(k - 1)
  ! relational operators, both spellings
  p = a .eq. b .or. a .ne. b .and. a .lt. b
  q = a .le. b .eqv. a .gt. b .neqv. a .ge. b
  r = a == b .or. a /= b .and. a < b
  r = a <= b .or. a > b .or. a >= b
  p = .not. p .and. .not. (q .or. r)
  p = .NOT. P .AND. .true. .OR. .FALSE.
  q = (i > j) .eqv. (j > k)
  ! literals
  x = 1.d0 + 1.5D-3 + 2.5_dp + 1e-3_8 + .5 + 5. + 1.0E+10
  n8 = 8_8
  i = int(b'0101') + int(o'17') + int(z'ff')
  data j /z'0F'/
  z = (1.0, -2.0)
  z = (0.5e0, 1)
  s = 'it''s' // "say ""hi""" // 'abcdefgh'(3:5)
  t = s(2:4) // s(:3) // s(5:)
  ! sections, constructors, implied do, keyword arguments
  v = 0.0
  v(2:10:2) = 1.0
  v(::3) = v(1:4)
  v(:) = -v(10:1:-1)
  m = (/ 1, 2, 3 /)
  m = [(i*i, i = 1, 3)]
  m = [integer :: 4, 5, 6]
  v = (/ (real(i), i = 1, 5), (0.0, i = 6, 10) /)
  y = real(i, kind=dp) + sum(v, mask=v > 0.0)
  x = max(x, y, 0.0_dp)
  print *, a, b, c, i, j, k, p, q, r, z, s, t, v, m, x, y, n8
end program exprs
