package adjoint_test

var kernels = []kernel{
	{
		name: "intrinsics",
		src: `
subroutine intr(x, a, y, z)
  implicit none
  real(8), intent(in) :: x, a
  real(8), intent(out) :: y, z
  real(8) :: t
  t = sin(x)*exp(a) + log(x + 2.0d0)*sqrt(a) + cos(a)**2 + tan(0.3d0*x)
  t = t + tanh(x) + atan(x*a) + x**3/a + abs(x - a) + max(x, a, 0.1d0) + min(x, 2*a)
  t = t + sinh(a) + cosh(x) + asin(x/4) + acos(a/4) + log10(a) + a**x + sign(x, a - 1.0d0)
  t = t + atan2(x, a) + dble(real(x, 8)) + exp(-x*x)/(1 + a*a) + hypot(x, a) - dim(x, 0.2d0)
  y = t*x
  z = 3.0d0
  z = z + t
end subroutine
`,
		routine: "intr",
		params:  []param{rval("x"), rval("a"), rval("y"), rval("z")},
		ins:     []string{"x", "a"},
		outs:    []string{"y", "z"},
	},
	{
		name: "iterate",
		src: `
subroutine iter(x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: x, y
  integer :: i
  do i = 1, n
    x = 2*x + y
    y = x*y/(1 + x*x)
    x = x/3 + sin(y)
  end do
end subroutine
`,
		routine: "iter",
		params:  []param{rval("x"), rval("y"), ival("n", 7)},
		ins:     []string{"x", "y"},
		outs:    []string{"x", "y"},
	},
	{
		name: "ifelse",
		src: `
subroutine branchy(x, a, y)
  implicit none
  real(8), intent(in) :: x, a
  real(8), intent(out) :: y
  real(8) :: t
  if (x > a) then
    t = x*x
  else if (x > 0.9d0*a) then
    t = a*x + 1
  else
    t = exp(a - x)
  end if
  if (t > 1.0d0) t = sqrt(t)
  y = t*a
  if (a < 0.0d0) y = 0.0d0
end subroutine
`,
		routine: "branchy",
		params:  []param{rval("x"), rval("a"), rval("y")},
		ins:     []string{"x", "a"},
		outs:    []string{"y"},
	},
	{
		name: "heat",
		src: `
subroutine heat(u, n, r, nsteps)
  implicit none
  integer, intent(in) :: n, nsteps
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: r
  real(8) :: unew(n)
  integer :: i, step
  do step = 1, nsteps
    unew(1) = u(1)
    unew(n) = u(n)
    do i = 2, n - 1
      unew(i) = u(i) + r*(u(i+1) - 2*u(i) + u(i-1))
    end do
    u = unew
  end do
end subroutine
`,
		routine: "heat",
		params:  []param{rval("u", 12), ival("n", 12), rval("r"), ival("nsteps", 25)},
		ins:     []string{"u", "r"},
		outs:    []string{"u"},
	},
	{
		name: "newton",
		src: `
subroutine newton(a, b, z)
  implicit none
  real(8), intent(in) :: a, b
  real(8), intent(out) :: z
  real(8) :: f, fp, dz
  integer :: it
  z = 1.0d0
  dz = 1.0d0
  it = 0
  do while (abs(dz) > 1.0d-15 .and. it < 100)
    f = z**3 + a*z - b
    fp = 3*z**2 + a
    dz = f/fp
    z = z - dz
    it = it + 1
  end do
end subroutine
`,
		routine: "newton",
		params:  []param{rval("a"), rval("b"), rval("z")},
		ins:     []string{"a", "b"},
		outs:    []string{"z"},
	},
	{
		name: "arrays",
		src: `
subroutine arr(x, w, m, n, s, v, z)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n), w(n), m(n, n)
  real(8), intent(out) :: s, v(n), z(n)
  v = matmul(m, x)
  s = sum(x*x) + dot_product(x, w) + sum(v(2:n))
  z = x*2 + v*w - sin(x)
  z = z + maxval(v)*sqrt(abs(x)) + product(w(1:3))
  s = s + norm2(z) + sum(transpose(m)*m)
  v = v*s
end subroutine
`,
		routine: "arr",
		params:  []param{rval("x", 6), rval("w", 6), rval("m", 6, 6), ival("n", 6), rval("s"), rval("v", 6), rval("z", 6)},
		ins:     []string{"x", "w", "m"},
		outs:    []string{"s", "v", "z"},
	},
	{
		name: "calls",
		src: `
subroutine sq(a, b)
  implicit none
  real(8), intent(in) :: a
  real(8), intent(out) :: b
  b = a*a + sin(a)
end subroutine

subroutine axpy(a, x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: a, x(n)
  real(8), intent(inout) :: y(n)
  y = y + a*x
end subroutine

subroutine outer(x, c, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n), c
  real(8), intent(inout) :: y(n)
  real(8) :: t, alpha
  alpha = c
  call sq(x(1), t)
  call axpy(alpha, x, y, n)
  call axpy(t, x, y, n)
  call sq(y(2), y(3))
  t = t*y(3)
  call axpy(t, x, y, n)
end subroutine
`,
		routine: "outer",
		params:  []param{rval("x", 5), rval("c"), rval("y", 5), ival("n", 5)},
		ins:     []string{"x", "y"},
		outs:    []string{"y"},
	},
	{
		name: "indexarith",
		src: `
subroutine idx(x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y(n)
  integer :: i, j, k
  y = 0
  do i = 1, n
    j = mod(i*3, n) + 1
    k = n + 1 - i
    y(j) = y(j) + x(i)*x(k) + real(i, 8)*x(max(1, i/2))
  end do
  do i = 2, n, 2
    y(i-1) = y(i-1)*y(i)
  end do
  do i = n, 1, -3
    y(i) = y(i)*y(n + 1 - i) + x(i)
  end do
end subroutine
`,
		routine: "idx",
		params:  []param{rval("x", 7), rval("y", 7), ival("n", 7)},
		ins:     []string{"x"},
		outs:    []string{"y"},
	},
	{
		name:  "f77",
		fixed: true,
		src: `
      SUBROUTINE F77K(X, Y, N)
      INTEGER N, I, J
      DOUBLE PRECISION X(N), Y, T
      Y = 0.0D0
      DO 20 I = 1, N
         T = X(I)
         DO 10 J = 1, 3
            T = T*X(I) + DSQRT(DABS(T)) + 1.0D0
   10    CONTINUE
         IF (T .GT. 10.0D0) THEN
            Y = Y + DLOG(T)
         ELSE
            Y = Y + T
         END IF
   20 CONTINUE
      RETURN
      END
`,
		routine: "f77k",
		params:  []param{rval("x", 5), rval("y"), ival("n", 5)},
		ins:     []string{"x"},
		outs:    []string{"y"},
	},
	{
		name: "passivereset",
		src: `
subroutine reset(x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y(n)
  real(8) :: t, s(n)
  integer :: i
  t = x(1)
  s = x
  do i = 1, n
    y(i) = t*s(i)
    t = 2.0d0
    s(i) = 0
    t = t*x(i)
  end do
  y(n) = y(n) + sum(s)
end subroutine
`,
		routine: "reset",
		params:  []param{rval("x", 4), rval("y", 4), ival("n", 4)},
		ins:     []string{"x"},
		outs:    []string{"y"},
	},
	{
		name: "nestedwhile",
		src: `
subroutine nw(x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x
  real(8), intent(out) :: y
  integer :: i, k
  y = x
  i = 0
  do while (i < n)
    i = i + 1
    k = i
    do while (k > 0)
      y = y*0.9d0 + x*cos(y)
      k = k - 2
    end do
    if (y > 1.0d0) then
      y = y - 0.5d0*x
    end if
  end do
end subroutine
`,
		routine: "nw",
		params:  []param{rval("x"), rval("y"), ival("n", 5)},
		ins:     []string{"x"},
		outs:    []string{"y"},
	},
}

func init() {
	kernels = append(kernels, kernel{
		name: "functions",
		src: `
real(8) function g(a, b)
  implicit none
  real(8), intent(in) :: a, b
  g = a*sin(b) + a**2
end function

function h(x) result(r)
  implicit none
  real(8), intent(in) :: x
  real(8) :: r
  r = exp(-x)*x
  if (r > 0.2d0) then
    r = r*r + x
  end if
end function

subroutine usef(x, y, c)
  implicit none
  real(8), intent(in) :: x, c
  real(8), intent(out) :: y
  real(8), external :: g
  real(8) :: h
  external h
  y = g(x, c)*h(x) + g(c, c)
  y = y + g(c, x)*x - h(y)
end subroutine
`,
		routine: "usef",
		params:  []param{rval("x"), rval("y"), rval("c")},
		ins:     []string{"x"},
		outs:    []string{"y"},
	}, kernel{
		name: "sections",
		src: `
subroutine arrs(x, w, m, n, s, v, z)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n), w(n), m(n, n)
  real(8), intent(out) :: s, v(n), z(n)
  v = matmul(m, x)
  s = sum(x*x) + dot_product(x, w) + sum(v(2:n))
  z(1) = s
  z(2:n) = x(1:n-1)*2 + v(2:n)*w(2:n) - sin(x(2:n))
  z = z + maxval(v)*sqrt(abs(x)) + product(w(1:3))
  s = s + norm2(z) + sum(transpose(m)*m)
  v(1:n:2) = v(2:n:2)*s
end subroutine
`,
		routine: "arrs",
		params:  []param{rval("x", 6), rval("w", 6), rval("m", 6, 6), ival("n", 6), rval("s"), rval("v", 6), rval("z", 6)},
		ins:     []string{"x", "w", "m"},
		outs:    []string{"s", "v", "z"},
	}, kernel{
		name: "broadcast",
		src: `
subroutine bcast(x, a, n, w, s)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x, a(n)
  real(8), intent(out) :: w(n), s
  w = x
  w(2:n) = x*x
  w = w*a + sin(x)
  s = sum(w*w)
end subroutine
`,
		routine: "bcast",
		params:  []param{rval("x"), rval("a", 5), ival("n", 5), rval("w", 5), rval("s")},
		ins:     []string{"x", "a"},
		outs:    []string{"w", "s"},
	}, kernel{
		name: "selfsections",
		src: `
subroutine scale(a, c, m)
  implicit none
  integer, intent(in) :: m
  real(8), intent(inout) :: a(m)
  real(8), intent(in) :: c
  real(8) :: t(m)
  t = a*c
  a(2:) = t(2:) - t(:size(a)-1)*a(1)
end subroutine

subroutine ash(u, n, c)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: c
  integer :: i
  do i = 1, 3
    call scale(u, c, n)
  end do
end subroutine
`,
		routine: "ash",
		params:  []param{rval("u", 5), ival("n", 5), rval("c")},
		ins:     []string{"u", "c"},
		outs:    []string{"u"},
	}, kernel{
		name: "selectcase",
		src: `
subroutine sel(x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y
  real(8) :: acc
  integer :: i
  acc = 1.0d0
  y = 0.0d0
  do i = 1, n
    select case (mod(i, 4))
    case (0)
      acc = acc*x(i)
    case (1, 2)
      acc = acc + x(i)**2
    case (3)
      acc = 1.0d0
    end select
    y = y + acc
  end do
  y = y + acc
end subroutine
`,
		routine: "sel",
		params:  []param{rval("x", 8), rval("y"), ival("n", 8)},
		ins:     []string{"x"},
		outs:    []string{"y"},
	})
}
