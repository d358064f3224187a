package adjoint_test

// More kernels: EXIT, CYCLE, GO TO and RETURN (jumps.go), calls, globals,
// interfaces. Inputs are in [0.5, 1.5]; the thresholds make every jump both
// taken and not taken.
func init() {
	kernels = append(kernels,
		kernel{
			name:  "gotof77",
			fixed: true,
			src: `
      SUBROUTINE F77G(X, Y, N)
      INTEGER N, I
      DOUBLE PRECISION X(N), Y
      Y = 0.0D0
      DO 20 I = 1, N
         IF (X(I) .GT. 1.0D0) GO TO 15
         Y = Y + X(I)*Y + X(I)
         GO TO 20
   15    Y = Y + DLOG(X(I))*Y
   20 CONTINUE
      IF (Y .GT. 2.0D0) GOTO 30
      Y = Y*Y
   30 Y = SIN(Y)
      END
`,
			routine: "f77g",
			params:  []param{rval("x", 9), rval("y"), ival("n", 9)},
			ins:     []string{"x"},
			outs:    []string{"y"},
		},
		kernel{
			name: "exit",
			src: `
subroutine ex(x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y
  integer :: i
  y = 0
  do i = 1, n
    y = y + x(i)*y + x(i)
    if (y > 9) exit
    y = y*0.5d0 + x(n-i+1)**2
  end do
  y = y*x(1)
end subroutine
`,
			routine: "ex",
			params:  []param{rval("x", 12), rval("y"), ival("n", 12)},
			ins:     []string{"x"},
			outs:    []string{"y"},
		},
		kernel{
			name: "cycleouter",
			src: `
subroutine cyc(x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y
  integer :: i, j
  real(8) :: t
  y = 0
  outer: do i = 1, n
    t = x(i)
    do j = 1, 4
      if (j == 2 .and. t > 1.3d0) cycle outer
      if (t > 2.5d0) exit outer
      t = t*x(i) + 0.1d0
      if (mod(i + j, 3) == 0) cycle
      t = sin(t) + t
    end do
    y = y + t*t
  end do outer
  y = y*2 + t
end subroutine
`,
			routine: "cyc",
			params:  []param{rval("x", 10), rval("y"), ival("n", 10)},
			ins:     []string{"x"},
			outs:    []string{"y"},
		},
		kernel{
			name: "gotoreturn",
			src: `
subroutine gr(x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(inout) :: y
  integer :: i
  y = y*x(1)
  do i = 2, n
    if (y > 3) goto 30
    y = y*x(i) + cos(y)
  end do
  y = y + 1
30 y = y*y*0.5d0
  if (y > 4) return
  y = exp(y)
end subroutine
`,
			routine: "gr",
			params:  []param{rval("x", 6), rval("y"), ival("n", 6)},
			ins:     []string{"x", "y"},
			outs:    []string{"y"},
		},
		kernel{
			name: "loopexit",
			src: `
subroutine newt(a, x)
  implicit none
  real(8), intent(in) :: a
  real(8), intent(out) :: x
  real(8) :: f
  integer :: it
  x = a
  it = 0
  do
    it = it + 1
    f = x*x - a
    if (abs(f) < 1d-13 .or. it > 60) exit
    x = x - f/(2*x)
  end do
  x = x*a
end subroutine
`,
			routine: "newt",
			params:  []param{rval("a"), rval("x")},
			ins:     []string{"a"},
			outs:    []string{"x"},
		},
	)
}

// A passive call (no derivative version) overwriting a value the backward
// sweep needs, and an active variable overwritten by an intent(out) dummy.
func init() {
	kernels = append(kernels, kernel{
		name: "passivecall",
		src: `
subroutine weights(n, p, w)
  implicit none
  integer, intent(in) :: n, p
  real(8), intent(out) :: w(n)
  integer :: i
  do i = 1, n
    w(i) = 1.0d0/(i + p)
  end do
end subroutine
subroutine half(s)
  implicit none
  real(8), intent(out) :: s
  s = 0.5d0
end subroutine
subroutine pc(x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y
  real(8) :: w(20), t
  call weights(n, 1, w)
  y = sum(w(1:n)*x**2)
  call weights(n, 3, w)
  y = y + sum(w(1:n)*x)*y
  t = y*2
  call half(t)
  y = y + t
end subroutine
`,
		routine: "pc",
		params:  []param{rval("x", 7), rval("y"), ival("n", 7)},
		ins:     []string{"x"},
		outs:    []string{"y"},
	})
}

func init() {
	kernels = append(kernels, kernel{
		name: "passiveint",
		src: `
subroutine p(k)
  integer, intent(inout) :: k
  k = k + 1
end subroutine
subroutine s(x, y)
  real(8), intent(in) :: x
  real(8), intent(out) :: y
  integer :: k
  k = 2
  call p(k)
  y = x**k
  call p(k)
  y = y*x**k
end subroutine
`,
		routine: "s",
		params:  []param{rval("x"), rval("y")},
		ins:     []string{"x"},
		outs:    []string{"y"},
	})
}

// Module state read and written by jointly reversed callees (the OpenAD
// suite's argumentConversion_indexOverwrite and Loop_simple_4c, with a
// real flag): the callee's adjoint re-runs it with the module variables
// restored.
func init() {
	kernels = append(kernels, kernel{
		name: "globalsjoint",
		src: `
module st
  implicit none
  integer :: k = 1
  real(8) :: mode = 1.0d0
  real(8) :: acc
end module
subroutine foo(a, b)
  use st
  implicit none
  real(8), intent(in) :: a
  real(8), intent(inout) :: b
  if (mode > 1.5d0) then
    b = b*a*k
  else
    b = b + sin(a)*k
  end if
  acc = acc + a*b
  k = k + 1
end subroutine
subroutine gj(x, v, y)
  use st
  implicit none
  real(8), intent(in) :: x(3)
  real(8), intent(inout) :: v(3)
  real(8), intent(out) :: y
  k = 1
  acc = 0
  mode = 1.0d0
  call foo(x(k), v(k))
  mode = 2.0d0
  call foo(x(k), v(k))
  call foo(x(k), v(k))
  mode = 0.0d0
  y = acc*v(1) + v(2)*v(3)
end subroutine
`,
		routine: "gj",
		params:  []param{rval("x", 3), rval("v", 3), rval("y")},
		ins:     []string{"x", "v"},
		outs:    []string{"y", "v"},
	})
}

// A callee with assumed-shape dummies, called through an interface block:
// the derivative routines get interface blocks too (the OpenAD suite's
// arrayBoundImplicit did not compile).
func init() {
	kernels = append(kernels, kernel{
		name: "assumedshape",
		src: `
subroutine cp(a, b)
  double precision :: a(:), b(:)
  b = a*a + b
end subroutine cp
subroutine ash(x, y)
  interface
    subroutine cp(a, b)
      double precision :: a(:), b(:)
    end subroutine cp
  end interface
  double precision :: x(4), y(4)
  call cp(x, y)
  call cp(y(2:4), x(1:3))
  y = y*x
end subroutine ash
`,
		routine: "ash",
		params:  []param{rval("x", 4), rval("y", 4)},
		ins:     []string{"x", "y"},
		outs:    []string{"y"},
	})
}

// I/O: output runs in the forward sweep only; a READ into a passive
// variable that the backward sweep needs is recorded.
func init() {
	kernels = append(kernels, kernel{
		name: "io",
		src: `
subroutine io(x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x
  real(8), intent(out) :: y
  integer :: k
  open(11, status='scratch')
  write(11, *) 3
  write(11, '(i0)') n
  rewind(11)
  read(11, *) k
  y = x**k
  read(11, *) k
  y = y*x**k
  close(11)
end subroutine
`,
		routine: "io",
		params:  []param{rval("x"), rval("y"), ival("n", 2)},
		ins:     []string{"x"},
		outs:    []string{"y"},
	})
}

// READ into active variables: an element addressed by a count the same
// READ sets first (recorded whole), a nested implied DO over a 2-D array
// bounded by it; their adjoints are zeroed as read.
func init() {
	kernels = append(kernels, kernel{
		name: "io_active",
		src: `
subroutine ioa(x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: x(n)
  real(8), intent(out) :: y
  character(len=40) :: line
  real(8) :: b(3, 2)
  integer :: m, i, j
  do j = 1, 2
    do i = 1, 3
      b(i, j) = x(i)*x(j)
    end do
  end do
  y = sum(x**2)*x(1)
  line = '2 0.5'
  read (line, *) m, x(m)
  y = y + sum(x**3)
  line = '2 0.1 0.2 0.3 0.4'
  read (line, *) m, ((b(i, j), i = 1, m), j = 1, 2)
  y = y + sum(b**2)*x(3)
end subroutine
`,
		routine: "ioa",
		params:  []param{rval("x", 4), rval("y"), ival("n", 4)},
		ins:     []string{"x"},
		outs:    []string{"x", "y"},
	})
}

// Internal procedures using and changing their host's variables, called
// twice; one is passive.
func init() {
	kernels = append(kernels, kernel{
		name: "internal",
		src: `
subroutine host(x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y
  real(8) :: s
  integer :: i, calls
  s = 2.0d0
  y = 0
  calls = 0
  do i = 1, n
    call inner(x(i))
  end do
  call count
  y = y + s*calls
contains
  subroutine inner(a)
    real(8), intent(in) :: a
    y = y + a*a*s
    s = s*a
    calls = calls + 1
  end subroutine
  subroutine count
    calls = calls + 1
  end subroutine
end subroutine
`,
		routine: "host",
		params:  []param{rval("x", 5), rval("y"), ival("n", 5)},
		ins:     []string{"x"},
		outs:    []string{"y"},
	})
}

// A callee with internal procedures (split mode puts them in both its
// forward and backward routines).
func init() {
	kernels = append(kernels, kernel{
		name: "internalcallee",
		src: `
subroutine foo(x, y)
  implicit none
  double precision :: x(2), y(1)
  integer :: i
  y(1) = x(1)*x(2)
  i = 2
  call bar()
contains
  subroutine bar()
    y(1) = y(1)*sin(x(1))*cos(x(i))
  end subroutine
end subroutine
subroutine top(x, y)
  implicit none
  double precision :: x(2), y(1)
  call foo(x, y)
  call foo(x, y)
end subroutine
`,
		routine: "top",
		params:  []param{rval("x", 2), rval("y", 1)},
		ins:     []string{"x"},
		outs:    []string{"y"},
	})
}

// A module variable used under another name (USE g, z => y): its adjoint
// is renamed alike (the OpenAD suite's globalActive_6 did not compile).
func init() {
	kernels = append(kernels, kernel{
		name: "renameduse",
		src: `
module gm
  implicit none
  double precision :: w(2), v
end module
subroutine setv(x)
  use gm, z => v
  implicit none
  double precision, intent(in) :: x(2)
  w = x
  z = w(1)*w(2) + sin(w(1))
end subroutine
subroutine rn(x, y)
  use gm
  implicit none
  double precision, intent(in) :: x(2)
  double precision, intent(out) :: y
  call setv(x)
  y = v*v + w(2)
end subroutine
`,
		routine: "rn",
		params:  []param{rval("x", 2), rval("y")},
		ins:     []string{"x"},
		outs:    []string{"y"},
	})
}

// sum of a matmul: sum gives a scalar adjoint, which matmul's adjoint
// needs as an array of the product's shape (spread); this did not compile.
func init() {
	kernels = append(kernels, kernel{
		name: "summatmul",
		src: `
subroutine summ(n, a, b, v, y)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: a(n, n), b(n, n), v(n)
  real(8), intent(out) :: y
  y = sum(matmul(a, v)) + sum(matmul(a, v)**2) + sum(matmul(v, b)*v)
  y = y + sum(matmul(a, b)) + sum(sin(transpose(a))*b)
end subroutine
`,
		routine: "summ",
		params:  []param{ival("n", 3), rval("a", 3, 3), rval("b", 3, 3), rval("v", 3), rval("y")},
		ins:     []string{"a", "b", "v"},
		outs:    []string{"y"},
	})
}
