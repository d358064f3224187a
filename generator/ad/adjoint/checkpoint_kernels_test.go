package adjoint_test

// The programs of the snapshot equations' test (package snapshot), as
// kernels: each checkpoint option is run and checked against finite
// differences, the dot product and lazy's gradient. A callee's write
// that nothing in its own adjoint needs is left out of that adjoint
// (package liveness), so the callees that stand for Opt1 and Opt2 use
// what they write again (v = 3*w; v = v*v).
func init() {
	kernels = append(kernels,
		kernel{name: "ckconst", src: `
subroutine g(t, c, r)
  real(8) :: t, c, r
  r = c*t*t
end subroutine
subroutine f(n, x, y, c)
  integer :: n, i
  real(8) :: x(n), y, c, r, t
  y = 0
  do i = 1, n
    t = x(i)
    call g(t, c, r)
    y = y + r
  end do
end subroutine
`, routine: "f", params: []param{ival("n", 5), rval("x", 5), rval("y"), rval("c")}, ins: []string{"x"}, outs: []string{"y"}},
		kernel{name: "cksharedread", src: `
subroutine r1(n, a, s)
  integer :: n
  real(8) :: a(n), s
  s = s + sum(a**2); s = sqrt(s)
end subroutine
subroutine r2(n, a, s)
  integer :: n
  real(8) :: a(n), s
  s = s*sin(a(1))
end subroutine
subroutine w3(n, a, s)
  integer :: n
  real(8) :: a(n), s
  a = a*tanh(s)
end subroutine
subroutine top(n, a, s)
  integer :: n
  real(8) :: a(n), s
  integer :: k
  do k = 1, 3
    call r1(n, a, s)
    call r2(n, a, s)
    call w3(n, a, s)
    s = s + sum(a)
  end do
end subroutine
`, routine: "top", params: []param{ival("n", 4), rval("a", 4), rval("s")}, ins: []string{"a", "s"}, outs: []string{"s"}},
		kernel{name: "ckafter", src: `
subroutine g(x, y)
  real(8) :: x, y
  y = y + x*x
end subroutine
subroutine f(x, y)
  real(8) :: x, y
  call g(x, y)
  x = x*3
  call g(x, y)
  y = y + x
end subroutine
`, routine: "f", params: []param{rval("x"), rval("y")}, ins: []string{"x", "y"}, outs: []string{"y"}},
		kernel{name: "ckopt2", src: `
subroutine g(v, w)
  real(8) :: v, w
  v = 3*w; v = v*v
end subroutine
subroutine f(x, y)
  real(8) :: x, y, v
  v = x*x
  y = v*v
  call g(v, x)
  y = y + v
end subroutine
`, routine: "f", params: []param{rval("x"), rval("y")}, ins: []string{"x"}, outs: []string{"y"}},
		kernel{name: "ckopt1", src: `
subroutine g(v)
  real(8) :: v
  v = 2*v + 1; v = v*v
end subroutine
subroutine h(v)
  real(8) :: v
  v = v*v + 1
end subroutine
subroutine f(x, y)
  real(8) :: x, y, v
  v = x*2
  y = sin(v)
  call g(v)
  y = y*v
  call h(v)
  y = y + v
end subroutine
`, routine: "f", params: []param{rval("x"), rval("y")}, ins: []string{"x"}, outs: []string{"y"}},
		kernel{name: "ckcommon", fixed: true, src: `
      subroutine g(x)
      double precision x, c
      common /blk/ c
      x = x*c
      c = c + 1
      end
      subroutine f(x, y)
      double precision x, y, c
      common /blk/ c
      c = 1.5d0
      y = x*c
      call g(x)
      y = y + x*c
      call g(y)
      end
`, routine: "f", params: []param{rval("x"), rval("y")}, ins: []string{"x"}, outs: []string{"y"}},
		kernel{name: "ckelement", src: `
subroutine g(u)
  real(8) :: u
  u = 2*u + sin(u); u = u*u
end subroutine
subroutine f(n, a, y)
  integer :: n, i
  real(8) :: a(n), y
  do i = 1, n
    call g(a(i))
    call g(a(n + 1 - i))
  end do
  y = sum(a**2)
end subroutine
`, routine: "f", params: []param{ival("n", 5), rval("a", 5), rval("y")}, ins: []string{"a"}, outs: []string{"y"}},
		kernel{name: "ckweigh", src: `
subroutine g(w, z, s)
  real(8) :: w(100), z(100), s
  s = s + sum(w**2) + sum(z**2)
end subroutine
subroutine f(w, z, y)
  real(8) :: w(100), z(100), y, s
  integer :: i, k
  s = 0
  call g(w, z, s)
  do k = 1, 5
    do i = 1, 100
      w(i) = w(i)*0.5d0 + sin(w(i))
    end do
  end do
  z(1) = 0
  y = s + sum(w) + sum(z)
end subroutine
`, routine: "f", params: []param{rval("w", 100), rval("z", 100), rval("y")}, ins: []string{"w", "z"}, outs: []string{"y"}},
	)
}
