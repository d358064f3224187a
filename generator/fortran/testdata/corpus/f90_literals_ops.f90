! Literal constants of every common form and the full operator set,
! including precedence corner cases: right-associative **, unary minus
! binding looser than **, and old/new spellings of the relational ops.
program literals_ops
  implicit none
  integer, parameter :: dp = kind(1.d0)
  integer, parameter :: i8 = selected_int_kind(15)
  real :: a, b, c
  real(dp) :: d1, d2, d3, d4
  real(8) :: e8
  integer :: i, j, k
  integer(i8) :: big
  integer*4 :: small
  logical :: p, q, r
  complex :: z

  ! real literals: exponents, kinds, leading/trailing dots
  a = .5
  b = 5.
  c = 1.0E+10
  d1 = 1.d0
  d2 = 1.5D-3
  d3 = 2.5_dp
  d4 = 6.02214076e23_dp
  e8 = 1e-3_8
  write (*, '(3es14.6)') a, b, c
  write (*, '(4es24.16)') d1, d2, d3, d4
  write (*, '(es24.16)') e8
  write (*, '(2es24.16)') 0.1, 0.1d0          ! single vs double precision 0.1

  ! integer literals with kinds, and integer arithmetic
  big = 8_8 * 1000000000_i8 + 7_i8
  small = -2147483647
  write (*, '(i20, i13)') big, small
  write (*, '(5i8)') 17 / 5, -17 / 5, mod(-17, 5), 2**10, (-2)**3

  ! exponentiation is right-associative: 2**3**2 = 2**9
  i = 2**3**2
  j = (2**3)**2
  write (*, '(a, 2i6)') '2**3**2, (2**3)**2 =', i, j
  ! unary minus has lower precedence than **: -x**2 = -(x**2)
  a = 3.0
  b = -a**2
  c = (-a)**2
  write (*, '(a, 2f8.2)') '-a**2, (-a)**2     =', b, c
  b = 2.0 * (-a) + a * (-2.0) - (-a)
  write (*, '(a, f8.2)') '2*(-a) + a*(-2) - (-a) =', b
  write (*, '(a, f10.4)') 'mixed precedence   =', 1.0 + 2.0 * 3.0 ** 2 / 4.0 - 5.0
  write (*, '(a, 2i4)') 'integer division   =', 7 / 2 * 2, 7 * 2 / 2

  ! complex literals
  z = (1.0, 2.0) * (0.5, -1.5) + (-1, 0)
  write (*, '(a, 2f8.3)') 'complex            =', z

  ! relational operators: dotted and symbolic forms
  i = 3; j = 5; k = 3
  write (*, '(a, 6l2)') 'dotted   =', i .eq. k, i .ne. j, i .lt. j, i .le. k, j .gt. i, k .ge. j
  write (*, '(a, 6l2)') 'symbolic =', i == k, i /= j, i < j, i <= k, j > i, k >= j

  ! logical operators, including .eqv. and .neqv.
  p = .true.
  q = .false.
  r = p .and. .not. q .or. q
  write (*, '(a, l2)') 'p .and. .not. q .or. q =', r
  write (*, '(a, 4l2)') 'eqv/neqv =', p .eqv. q, p .neqv. q, q .eqv. q, .not. (p .neqv. p)
  write (*, '(a, l2)') 'precedence .or./.and. =', .true. .or. .false. .and. .false.
  write (*, '(a, l2)') 'chain =', (i < j) .and. (j > k) .and. .not. (i == j) .eqv. .true.

  ! string concatenation and substrings of literals and variables
  write (*, '(a)') 'con' // 'cat' // "enation" // '!'
  write (*, '(a)') 'it''s' // ' ' // "say ""hi"""
  write (*, '(a, a)') 'substring: ', 'abcdefgh'(3:5)
end program literals_ops
