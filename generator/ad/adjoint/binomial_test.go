package adjoint_test

import (
	"math"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/ad/adjoint"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/gfortran/gfortrantest"
	"github.com/fadj-dev/fadj/generator/load"
	"github.com/fadj-dev/fadj/generator/plan"
)

// regionKernel is a kernel with checkpointed loops: (routine, loop as
// the spec writes it, snapshots; 0 for a checkpoint per iteration).
type regionKernel struct {
	k     kernel
	loops []regionLoop
}

// noSplit are the kernels the plain adjoint rejects with split calls.
var noSplit = map[string]bool{"bnptrmod": true} // calls reaching module pointers

type regionLoop struct {
	routine, name, v string
	snaps            int
	at               int  // and v "while": the DO WHILE on this line
	region           bool // name is a region (BLOCK or markers), not a loop
	opt              config.Snapshots
}

var regionKernels = []regionKernel{
	{kernel{name: "bnptrmod", src: `
module bufs
  implicit none
  real(8), allocatable, target :: ba(:), bb(:)
  real(8), pointer :: cur(:) => null(), nxt(:) => null()
contains
  subroutine stepb(n, k)
    integer :: n, i
    real(8) :: k
    real(8), pointer :: tmp(:)
    nxt(1) = cur(1)
    do i = 2, n
      nxt(i) = cur(i) + k*(cur(i - 1) - cur(i))*(1 + cur(i)**2)
    end do
    tmp => cur
    cur => nxt
    nxt => tmp
  end subroutine
end module
subroutine model(n, nt, u, k, j)
  use bufs
  integer :: n, nt, it
  real(8) :: u(n), k, j
  if (.not. allocated(ba)) allocate(ba(n), bb(n))
  ba = u
  bb = 0
  cur => ba
  nxt => bb
  j = 0
  do it = 1, nt
    call stepb(n, k)
    j = j + sum(cur**2)
  end do
  u = cur
end subroutine
`, routine: "model", params: []param{ival("n", 6), ival("nt", 23), rval("u", 6), rval("k"), rval("j")}, ins: []string{"u", "k"}, outs: []string{"j", "u"}},
		[]regionLoop{{"model", "", "it", 3, 0, false, ""}}},
	{kernel{name: "bncalls", src: `
subroutine flux(n, u, k, f)
  integer :: n, i
  real(8) :: u(n), k, f(n)
  do i = 1, n - 1
    f(i) = k*(u(i + 1) - u(i))*(1 + u(i)**2)
  end do
  f(n) = 0
end subroutine
subroutine update(n, u, f, dt)
  integer :: n, i
  real(8) :: u(n), f(n), dt
  u(1) = u(1) + dt*f(1)
  do i = 2, n
    u(i) = u(i) + dt*(f(i) - f(i - 1))
  end do
  u = u - dt*0.1d0*sin(u)
end subroutine
subroutine model(n, nt, u, k, j)
  integer :: n, nt, it
  real(8) :: u(n), k, j, f(n)
  j = 0
  do it = 1, nt
    call flux(n, u, k, f)
    call update(n, u, f, 0.05d0)
    j = j + sum(u**2)
  end do
end subroutine
`, routine: "model", params: []param{ival("n", 6), ival("nt", 23), rval("u", 6), rval("k"), rval("j")}, ins: []string{"u", "k"}, outs: []string{"j", "u"}},
		[]regionLoop{{"model", "", "it", 3, 0, false, ""}}},
	{kernel{name: "bnwhere", src: `
subroutine model(n, nt, u, a, s, cost)
  integer :: n, nt, it
  real(8) :: u(n), a, s, cost, w(3), g(n), v(n)
  w = [0.25d0, 0.5d0, 0.25d0]
  cost = 0
  steps: do it = 1, nt
    v = u
    v(2:n-1) = w(1)*u(1:n-2) + w(2)*u(2:n-1) + w(3)*u(3:n)
    where (v > 1.0d0)
      g = 0.2d0*s*v**2
    elsewhere
      g = -0.3d0*a*v
    end where
    u = v + 0.05d0*g + 0.02d0*([u(n), u(1:n-1)] - u)
    where (u > 1.2d0) u = 1.2d0 + 0.1d0*(u - 1.2d0)
    cost = cost + sum(u**2)/n
  end do steps
end subroutine
`, routine: "model", params: []param{ival("n", 30), ival("nt", 40), rval("u", 30), rval("a"), rval("s"), rval("cost")}, ins: []string{"u", "a", "s"}, outs: []string{"cost"}},
		[]regionLoop{{"", "steps", "", 5, 0, false, ""}}},
	{kernel{name: "bnbounds", src: `
subroutine model(n, i0, i1, di, x, p, y)
  integer :: n, i0, i1, di, it, m
  real(8) :: x(n), p, y, t
  m = i1 + 1
  do 10 it = i0, m, di
    t = x(1)
    x(1:n-1) = x(1:n-1) + 0.1d0*p*sin(x(2:n))*it/m
    x(n) = x(n) - 0.1d0*t*cos(p)
10 continue
  y = sum(x**2) + it
  p = p*2
  m = 0
  y = y + p
end subroutine
`, routine: "model", params: []param{ival("n", 5), ival("i0", 3), ival("i1", 40), ival("di", 2), rval("x", 5), rval("p"), rval("y")}, ins: []string{"x", "p"}, outs: []string{"y", "x"}},
		[]regionLoop{{"", "", "it", 2, 0, false, ""}}},
	{kernel{name: "bnnested", src: `
subroutine model(n, nout, nsub, u, c, e)
  integer :: n, nout, nsub, k, j
  real(8) :: u(n), c, e, du(n)
  e = 0
  outer: do k = 1, nout
    du = 0
    inner: do j = 1, nsub
      du(2:n) = du(2:n) + 0.4d0*c*(u(1:n-1) - u(2:n))/nsub
      u = u + 0.1d0*du*u
    end do inner
    e = e + sum(u*du)
  end do outer
end subroutine
`, routine: "model", params: []param{ival("n", 5), ival("nout", 6), ival("nsub", 7), rval("u", 5), rval("c"), rval("e")}, ins: []string{"u", "c"}, outs: []string{"e", "u"}},
		[]regionLoop{{"", "outer", "", 0, 0, false, ""}, {"", "inner", "", 2, 0, false, ""}}},
	{kernel{name: "bncallee", src: `
module heat
contains
  subroutine integrate(n, nt, u, nu)
    integer :: n, nt, it
    real(8) :: u(n), nu, lap(n)
    do it = 1, nt
      lap(2:n-1) = u(1:n-2) - 2*u(2:n-1) + u(3:n)
      lap(1) = u(2) - u(1)
      lap(n) = u(n-1) - u(n)
      u = u + 0.2d0*nu*lap - 0.01d0*u**3
    end do
  end subroutine
end module
subroutine model(n, nt, u, nu, j)
  use heat
  integer :: n, nt, r
  real(8) :: u(n), nu, j
  j = 0
  do r = 1, 3
    call integrate(n, nt, u, nu)
    j = j + sum(u**2)
    u = u*0.9d0
  end do
end subroutine
`, routine: "model", params: []param{ival("n", 8), ival("nt", 17), rval("u", 8), rval("nu"), rval("j")}, ins: []string{"u", "nu"}, outs: []string{"j"}},
		[]regionLoop{{"integrate", "", "it", 4, 0, false, ""}}},
	{kernel{name: "bnwhile", src: `
subroutine model(n, u, y)
  integer :: n
  real(8) :: u(n), y, t, dt
  t = 0
  time: do while (t < 1)
    dt = 0.05d0
    u = u + dt*(cos(u) - u*[u(2:n), u(1)])
    t = t + dt
  end do time
  y = sum(u**2) + t
end subroutine
`, routine: "model", params: []param{ival("n", 6), rval("u", 6), rval("y")}, ins: []string{"u"}, outs: []string{"y"}},
		[]regionLoop{{"", "time", "", 3, 0, false, ""}}},
	{kernel{name: "bnwhilenest", src: `
subroutine model(n, nt, u, y)
  integer :: n, nt, it, k
  real(8) :: u(n), y, e
  y = 0
  outer: do it = 1, nt
    e = 1
    k = 0
    inner: do while (e > 0.02d0 .and. k < 40)
      u = u + 0.03d0*(sin(u) - u*[u(2:n), u(1)])
      e = e*0.8d0
      k = k + 1
    end do inner
    y = y + sum(u**2)*k
  end do outer
end subroutine
`, routine: "model", params: []param{ival("n", 5), ival("nt", 4), rval("u", 5), rval("y")}, ins: []string{"u"}, outs: []string{"y"}},
		[]regionLoop{{"", "outer", "", 2, 0, false, ""}, {"", "inner", "", 2, 0, false, ""}}},
	{kernel{name: "bnwhileone", src: `
subroutine model(n, u, y)
  integer :: n
  real(8) :: u(n), y, t
  t = 0
  do while (t < 0.6d0)
    u = u + 0.05d0*(cos(u) - u*[u(2:n), u(1)])
    t = t + 0.05d0
  end do
  y = sum(u**2) + t
end subroutine
`, routine: "model", params: []param{ival("n", 6), rval("u", 6), rval("y")}, ins: []string{"u"}, outs: []string{"y"}},
		[]regionLoop{{"model", "", "while", 1, 5, false, ""}}},
	{kernel{name: "bnblock", src: `
subroutine model(n, u, c, y)
  integer :: n, k
  real(8) :: u(n), c, y, r(n)
  y = sum(u)
  stage: block
    r = u - c*u**3
    where (abs(u) > 0.9d0) r = 0
    do k = 1, 4
      u = u + 0.1d0*(r + [u(n), u(1:n-1)] - u)
      if (maxval(abs(u)) > 50) exit
    end do
    y = y + sum(u**2)
  end block stage
  u = u*y
  y = y + sum(sin(u))
end subroutine
`, routine: "model", params: []param{ival("n", 6), rval("u", 6), rval("c"), rval("y")}, ins: []string{"u", "c"}, outs: []string{"y", "u"}},
		[]regionLoop{{name: "stage", region: true}}},
	{kernel{name: "bnmarker", src: `
subroutine model(n, nt, u, w, y)
  integer :: n, nt, it
  real(8) :: u(n), w, y
  y = 0
  do it = 1, 3
    !$fadj checkpoint begin spinup
    steps: do it2 = 1, nt
      u = u + 0.04d0*(w*cos(u) - u*[u(n), u(1:n-1)])
    end do steps
    y = y + sum(u**2)*w
    !$fadj checkpoint end spinup
  end do
  w = 2
  y = y + w*sum(u)
end subroutine
`, routine: "model", params: []param{ival("n", 5), ival("nt", 7), rval("u", 5), rval("w"), rval("y")}, ins: []string{"u", "w"}, outs: []string{"y"}},
		[]regionLoop{{routine: "model", name: "spinup", region: true}, {name: "steps", snaps: 2}}},
	{kernel{name: "bncycle", src: `
subroutine model(n, nt, u, y)
  integer :: n, nt, it, i
  real(8) :: u(n), y
  y = 0
  time: do it = 1, nt
    u = u + 0.05d0*(cos(u) - u*[u(2:n), u(1)])
    do i = 1, n
      if (u(i) > 0.9d0) cycle
      u(i) = u(i) + 0.01d0*u(i)**2
    end do
    if (mod(it, 3) == 0) cycle time
    y = y + sum(u**2)
  end do time
  do while (y > 100)
    y = y/2
    if (y < 300) cycle
    y = y - 1
  end do
end subroutine
`, routine: "model", params: []param{ival("n", 6), ival("nt", 14), rval("u", 6), rval("y")}, ins: []string{"u"}, outs: []string{"y"}},
		[]regionLoop{{name: "time", snaps: 3}, {routine: "model", v: "while", snaps: 2, at: 14}}},
	{kernel{name: "bnnestedregions", src: `
subroutine model(n, u, y)
  integer :: n
  real(8) :: u(n), y
  y = 0
  !$fadj checkpoint begin outer
  !$fadj checkpoint begin inner
  u = u + 0.1d0*sin(u)
  y = y + sum(u**2)
  !$fadj checkpoint end inner
  u = u*cos(u)
  !$fadj checkpoint end outer
  y = y*2 + sum(u)
end subroutine
`, routine: "model", params: []param{ival("n", 5), rval("u", 5), rval("y")}, ins: []string{"u"}, outs: []string{"y"}},
		[]regionLoop{{name: "inner", region: true}, {name: "outer", region: true}}},
	{kernel{name: "bnwhileeach", src: `
subroutine model(n, u, y)
  integer :: n
  real(8) :: u(n), y, t
  t = 0
  do while (t < 0.6d0)
    u = u + 0.05d0*(cos(u) - u*[u(2:n), u(1)])
    t = t + 0.05d0
  end do
  y = sum(u**2) + t
end subroutine
`, routine: "model", params: []param{ival("n", 6), rval("u", 6), rval("y")}, ins: []string{"u"}, outs: []string{"y"}},
		[]regionLoop{{"model", "", "while", 0, 5, false, ""}}},
	{kernel{name: "bnone", src: `
subroutine model(n, nt, x, s, y)
  integer :: n, nt, it, i
  real(8) :: x(n), s, y
  do it = 1, nt
    do i = 1, n
      x(i) = x(i) + 0.1d0*sin(s*x(i) + i)
    end do
    s = s + 0.05d0*sum(x)/n
  end do
  y = s*sum(x)
end subroutine
`, routine: "model", params: []param{ival("n", 4), ival("nt", 9), rval("x", 4), rval("s"), rval("y")}, ins: []string{"x", "s"}, outs: []string{"y"}},
		[]regionLoop{{"", "", "it", 1, 0, false, ""}}},
	{kernel{name: "bnexit", src: `
subroutine model(n, nt, u, c, y)
  integer :: n, nt, it
  real(8) :: u(n), c, y, e, e0
  y = 0
  e0 = sum(u**2)
  time: do it = 1, nt
    u = u + 0.05d0*(c*cos(u) - u*[u(2:n), u(1)])
    e = sum(u**2)
    if (e < 0.4d0*e0) exit time
    y = y + e*it
    u = u*0.995d0
  end do time
  y = y + it*sum(u)
end subroutine
`, routine: "model", params: []param{ival("n", 6), ival("nt", 60), rval("u", 6), rval("c"), rval("y")}, ins: []string{"u", "c"}, outs: []string{"y"}},
		[]regionLoop{{name: "time", snaps: 3}}},
	{kernel{name: "bnexiteach", src: `
subroutine model(n, nt, u, c, y)
  integer :: n, nt, it, i
  real(8) :: u(n), c, y, e, e0
  y = 0
  e0 = sum(u**2)
  it = 2
  do 10 it = it, nt, 2
    u = u + 0.05d0*(c*cos(u) - u*[u(2:n), u(1)])
    do i = 1, n
      if (u(i) > 1.3d0) exit
      u(i) = u(i) - 0.01d0*u(i)**2
    end do
    e = sum(u**2)
    if (e < 0.4d0*e0) go to 20
    if (mod(it, 4) == 0) cycle
    y = y + e*it
10 continue
20 y = y + it*sum(u)
end subroutine
`, routine: "model", params: []param{ival("n", 6), ival("nt", 90), rval("u", 6), rval("c"), rval("y")}, ins: []string{"u", "c"}, outs: []string{"y"}},
		[]regionLoop{{v: "it"}}},
	{kernel{name: "bnexitwhile", src: `
subroutine model(n, u, w, y)
  integer :: n, k
  real(8) :: u(n), w, y, e
  e = 1
  k = 0
  relax: do
    u = u + 0.03d0*(w*sin(u) - u*[u(2:n), u(1)])
    e = e*0.8d0
    k = k + 1
    if (e < 0.02d0) exit
    if (k > 100) go to 20
    u = u*(1 - 0.01d0*e)
  end do relax
20 y = sum(u**2)*k
end subroutine
`, routine: "model", params: []param{ival("n", 5), rval("u", 5), rval("w"), rval("y")}, ins: []string{"u", "w"}, outs: []string{"y"}},
		[]regionLoop{{name: "relax", snaps: 3}}},
	{kernel{name: "bnexitwhileeach", src: `
subroutine model(n, u, w, y)
  integer :: n, k
  real(8) :: u(n), w, y, e
  e = 1
  k = 0
  relax: do
    u = u + 0.03d0*(w*sin(u) - u*[u(2:n), u(1)])
    e = e*0.8d0
    k = k + 1
    if (e < 0.02d0) exit relax
    u = u*(1 - 0.01d0*e)
  end do relax
  y = sum(u**2)*k
end subroutine
`, routine: "model", params: []param{ival("n", 5), rval("u", 5), rval("w"), rval("y")}, ins: []string{"u", "w"}, outs: []string{"y"}},
		[]regionLoop{{name: "relax"}}},
	{kernel{name: "bnreturn", src: `
subroutine model(n, nt, u, y)
  integer :: n, nt, it
  real(8) :: u(n), y, e0
  e0 = sum(u**2)
  y = 0
  do it = 1, nt
    u = u + 0.05d0*(cos(u) - u*[u(2:n), u(1)])
    y = y + sum(u**2)
    if (sum(u**2) < 0.5d0*e0) return
    y = y*0.9d0
  end do
end subroutine
`, routine: "model", params: []param{ival("n", 6), ival("nt", 60), rval("u", 6), rval("y")}, ins: []string{"u"}, outs: []string{"y", "u"}},
		[]regionLoop{{v: "it", snaps: 2}}},
	{kernel{name: "bnwhileexit", src: `
subroutine model(n, u, y)
  integer :: n
  real(8) :: u(n), y, t, e0
  t = 0
  e0 = sum(u**2)
  time: do while (t < 1)
    u = u + 0.05d0*(cos(u) - u*[u(2:n), u(1)])
    if (sum(u**2) < 0.6d0*e0) exit time
    t = t + 0.05d0
  end do time
  y = sum(u**2) + t
end subroutine
`, routine: "model", params: []param{ival("n", 6), rval("u", 6), rval("y")}, ins: []string{"u"}, outs: []string{"y"}},
		[]regionLoop{{name: "time", snaps: 2}}},
	{kernel{name: "bnexitnested", src: `
subroutine model(n, nt, u, c, y)
  integer :: n, nt, it, i
  real(8) :: u(n), c, y, e0
  y = 0
  e0 = sum(u**2)
  time: do it = 1, nt
    u = u + 0.05d0*(c*cos(u) - u*[u(2:n), u(1)])
    do i = 1, n
      if (u(i) < 0.3d0) exit
      if (sum(u**2) < 0.4d0*e0) exit time
      u(i) = u(i) - 0.01d0*u(i)**2
    end do
    y = y + sum(u**2)*it
  end do time
  y = y + it*sum(u)
end subroutine
`, routine: "model", params: []param{ival("n", 6), ival("nt", 60), rval("u", 6), rval("c"), rval("y")}, ins: []string{"u", "c"}, outs: []string{"y"}},
		[]regionLoop{{name: "time", snaps: 3}}},
	{kernel{name: "bnexitnestedeach", src: `
subroutine model(n, nt, u, c, y)
  integer :: n, nt, it, i, k
  real(8) :: u(n), c, y, e0
  y = 0
  e0 = sum(u**2)
  do 10 it = 1, nt
    u = u + 0.05d0*(c*cos(u) - u*[u(2:n), u(1)])
    if (mod(it, 5) == 0) cycle
    do k = 1, 2
      do i = 1, n
        if (sum(u**2) < 0.4d0*e0) go to 20
        u(i) = u(i) - 0.005d0*u(i)**2
      end do
    end do
    if (sum(u**2) < 0.3d0*e0) exit
    y = y + sum(u**2)*it
10 continue
20 y = y + it*sum(u)
end subroutine
`, routine: "model", params: []param{ival("n", 6), ival("nt", 60), rval("u", 6), rval("c"), rval("y")}, ins: []string{"u", "c"}, outs: []string{"y"}},
		[]regionLoop{{v: "it"}}},
	{kernel{name: "bneager", src: `
subroutine model(n, nt, u, c, y)
  integer :: n, nt, it, i, k
  real(8) :: u(n), c, y, w(n)
  w = 0.5d0 + 0.1d0*u
  y = 0
  time: do it = 1, nt
    u = u + 0.05d0*(c*cos(u) - w*u*[u(2:n), u(1)])
    y = y + sum(u**2)
  end do time
  c = c*y
  w = sin(u)
  !$fadj checkpoint begin relax
  u = u + 0.1d0*w*u**2
  y = y + c*sum(u*w)
  !$fadj checkpoint end relax
  do k = 1, 3
    do i = 1, n
      w(i) = 0.5d0*w(i) + u(i)**2
    end do
  end do
  y = y + sum(w)
end subroutine
`, routine: "model", params: []param{ival("n", 6), ival("nt", 15), rval("u", 6), rval("c"), rval("y")}, ins: []string{"u", "c"}, outs: []string{"y"}},
		[]regionLoop{{name: "time", snaps: 3, opt: config.Eager}, {name: "relax", region: true, opt: config.AutoSnapshots}}},
	{kernel{name: "bneagerregion", src: `
subroutine model(n, nt, u, a, y)
  integer :: n, nt, it, i, k
  real(8) :: u(n), a(n), y, s(n)
  y = 0
  s = 2*a + 1
  steps: do it = 1, nt
    u = u + 0.04d0*(s*cos(u) - u*[u(n), u(1:n-1)])
    y = y + sum(u**2)/it
  end do steps
  do k = 1, 4
    do i = 1, n
      s(i) = 0.3d0*s(i) + u(i)
    end do
  end do
  stage: block
    u = u*(1 + 0.1d0*a*u)
    y = y + sum(u*a) + sum(s**2)
  end block stage
  a = 2*u
  y = y + sum(a**2)
end subroutine
`, routine: "model", params: []param{ival("n", 5), ival("nt", 9), rval("u", 5), rval("a", 5), rval("y")}, ins: []string{"u", "a"}, outs: []string{"y"}},
		[]regionLoop{{name: "stage", region: true, opt: config.Eager}, {name: "steps", snaps: 0, opt: config.AutoSnapshots}}},
	{kernel{name: "bneagernest", src: `
subroutine model(n, nout, nt, u, c, y)
  integer :: n, nout, nt, it, k, i
  real(8) :: u(n), c, y, w(n), s
  y = 0
  w = 0.3d0
  do k = 1, nout
    s = 0.5d0 + 0.1d0*k
    !$fadj checkpoint begin stage
    u = u*(1 + 0.1d0*s*w*u)
    y = y + sum(u*w)*c
    !$fadj checkpoint end stage
    s = -1
    time: do it = 1, nt
      u = u + 0.04d0*(c*w*cos(u) - u*[u(n), u(1:n-1)])
    end do time
    do i = 1, n
      w(i) = 0.5d0*w(i) + u(i)**2
    end do
    c = c*1.1d0
  end do
  y = y + sum(w) + c
end subroutine
`, routine: "model", params: []param{ival("n", 5), ival("nout", 3), ival("nt", 7), rval("u", 5), rval("c"), rval("y")}, ins: []string{"u", "c"}, outs: []string{"y"}},
		[]regionLoop{{name: "stage", region: true, opt: config.Eager}, {name: "time", snaps: 2, opt: config.Eager}}},
	{kernel{name: "bnautonest", src: `
subroutine model(n, nout, nt, u, c, y)
  integer :: n, nout, nt, it, k, i
  real(8) :: u(n), c, y, w(n), s
  y = 0
  w = 0.3d0
  do k = 1, nout
    s = 0.5d0 + 0.1d0*k
    !$fadj checkpoint begin stage
    u = u*(1 + 0.1d0*s*w*u)
    y = y + sum(u*w)*c
    !$fadj checkpoint end stage
    s = -1
    time: do it = 1, nt
      u = u + 0.04d0*(c*w*cos(u) - u*[u(n), u(1:n-1)])
    end do time
    do i = 1, n
      w(i) = 0.5d0*w(i) + u(i)**2
    end do
    c = c*1.1d0
  end do
  y = y + sum(w) + c
end subroutine
`, routine: "model", params: []param{ival("n", 5), ival("nout", 3), ival("nt", 7), rval("u", 5), rval("c"), rval("y")}, ins: []string{"u", "c"}, outs: []string{"y"}},
		[]regionLoop{{name: "stage", region: true, opt: config.AutoSnapshots}, {name: "time", opt: config.AutoSnapshots}}},
}

// allModes are the kernels checked with split calls too, when go test
// ./... samples them (all kernels run in every mode, store-all recording
// too, with FADJ_LONG_TESTS=1).
var allModes = map[string]bool{"bncalls": true, "bnnested": true, "bnexit": true, "bnexitwhile": true, "bneager": true, "bneagernest": true, "bnexitnested": true}

// TestCheckpointedLoopsAsPlain checks each checkpointed loop option
// (binomial with a few snapshots, one snapshot, a checkpoint per
// iteration, nested, in a callee; with TBR, store-all and split calls) against finite differences and the dot product, and
// its gradient against the plain adjoint's: <x_b, dir> equal to 1e-13
// relative (the same operations, in the same order, on the same values).
func TestCheckpointedLoopsAsPlain(t *testing.T) {
	gf := gfortrantest.Require(t)
	for i, rk := range regionKernels {
		rk := rk
		if !sampled(i, 3) {
			continue
		}
		t.Run(rk.k.name, func(t *testing.T) {
			t.Parallel()
			plain := cachedRunConf(t, gf, rk.k, "tbr", adjoint.Config{})
			prog := loadSrc(t, "kernel.f90", rk.k.src)
			tg, pl := regionPlan(t, prog, rk)
			tg.Calls = config.Split
			split, err := plan.Build(prog, tg, prog.Info.Global.Lookup(rk.k.routine))
			if err != nil {
				t.Fatalf("plan: %v", err)
			}
			modes := []struct {
				name string
				conf adjoint.Config
			}{{"tbr", adjoint.Config{Plan: pl}}, {"storeall", adjoint.Config{Plan: pl, StoreAll: true}}, {"split", adjoint.Config{Plan: split}}}
			switch {
			case longTests():
			case allModes[rk.k.name]:
				modes = []struct {
					name string
					conf adjoint.Config
				}{modes[0], modes[2]} // store-all in the long tests
			default:
				modes = modes[:1] // go test ./... stays within its budget
			}
			for _, mode := range modes {
				if mode.name == "split" && noSplit[rk.k.name] {
					continue
				}
				ts, as := printed(t, prog, rk.k, mode.conf)
				r := buildAndRun(t, gf, rk.k, ts, as)
				if !(r.dot <= 1e-12) || !(r.fd <= 1e-6) || !r.empty {
					t.Errorf("%s (%s): dot-product error %.3e, FD error %.3e, tapes empty %v", rk.k.name, mode.name, r.dot, r.fd, r.empty)
				}
				if d := math.Abs(r.rhs - plain.rhs); !(d <= 1e-13*math.Abs(plain.rhs)) {
					t.Errorf("%s (%s): <x_b, dir> = %.17g checkpointed, %.17g plain", rk.k.name, mode.name, r.rhs, plain.rhs)
				}
				t.Logf("%s (%s): <x_b, dir> %.17g (plain %.17g), dot %.2e, FD %.2e", rk.k.name, mode.name, r.rhs, plain.rhs, r.dot, r.fd)
			}
		})
	}
}

// regionPlan returns the target and plan checkpointing rk's loops in prog.
func regionPlan(t *testing.T, prog *load.Program, rk regionKernel) (*config.Target, *plan.Plan) {
	t.Helper()
	tg := &config.Target{Routine: rk.k.routine}
	for _, l := range rk.loops {
		c := config.Checkpoint{Loop: l.name + l.v, Scope: l.routine, Name: l.name, Var: l.v, At: l.at}
		if l.region {
			c = config.Checkpoint{Region: l.name, Scope: l.routine, Name: l.name}
		}
		if l.v == "while" {
			c.Var, c.While = "", true
		}
		if l.snaps > 0 {
			c.Binomial = &config.Binomial{Snapshots: l.snaps}
		}
		c.Snapshots = l.opt
		tg.Checkpoints = append(tg.Checkpoints, c)
	}
	pl, err := plan.Build(prog, tg, prog.Info.Global.Lookup(rk.k.routine))
	if err != nil {
		t.Fatalf("plan: %v", err)
	}
	if len(pl.Regions()) != len(rk.loops) {
		t.Fatalf("plan has %d checkpointed loops, want %d:\n%s", len(pl.Regions()), len(rk.loops), pl)
	}
	return tg, pl
}

// printed is generateCode on a program already loaded (the plan's loops
// are its nodes).
func printed(t *testing.T, prog *load.Program, k kernel, conf adjoint.Config) (tangent, adj string) {
	t.Helper()
	tf, af, err := generateConf(t, prog, k.routine, k.ins, k.outs, conf)
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	var ts, as strings.Builder
	if err := printer.Fprint(&ts, tf); err != nil {
		t.Fatal(err)
	}
	if err := printer.Fprint(&as, af); err != nil {
		t.Fatal(err)
	}
	return ts.String(), as.String()
}
