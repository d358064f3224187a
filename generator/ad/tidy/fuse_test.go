package tidy

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// fuseCases are units before and after File; want "" means unchanged.
// run, if set, calls the unit before (f_a) and after fusing (f_b) on the
// same data and prints if a result differs (TestFusedSameValues).
var fuseCases = []struct {
	name, src, want, run string
}{{
	name: "a run of assignments and a WHERE statement, the comments above it above the loop",
	src: `subroutine f(n, u, r, dt)
  integer :: n
  real(8) :: u(n), r(n), dt, a
  a = 2*dt
  ! step
  r = u - u**3
  where (abs(u) > 1.5d0) r = 0
  u = u + a*exp(r)
end subroutine
`,
	want: `subroutine f(n, u, r, dt)
  integer :: n
  real(8) :: u(n), r(n), dt, a
  integer :: fadj_e1
  a = 2*dt
  ! step
  do fadj_e1 = lbound(r, 1), ubound(r, 1)
    r(fadj_e1) = u(fadj_e1) - u(fadj_e1)**3
    if (abs(u(fadj_e1)) > 1.5d0) r(fadj_e1) = 0
    u(fadj_e1) = u(fadj_e1) + a*exp(r(fadj_e1))
  end do
end subroutine
`,
	run: `  u2 = u; r2 = r
  call f_a(7, u, r, 0.1d0)
  call f_b(7, u2, r2, 0.1d0)
  if (any(u /= u2) .or. any(r /= r2)) print *, 'differs'
`,
}, {
	name: "a dummy scalar, which may be an element of a dummy array, is read before the loop, and not after a dummy array was assigned",
	src: `subroutine f(n, u, v, w, a, b)
  integer :: n
  real(8) :: u(n), v(n), w(n), a, b, t(n)
  t = b*u
  v = a*v + t
  w = w + b*v
  u = 2*u
end subroutine
`,
	want: `subroutine f(n, u, v, w, a, b)
  integer :: n
  real(8) :: u(n), v(n), w(n), a, b, t(n)
  integer :: fadj_e1
  real(8) :: fadj_c_a
  real(8) :: fadj_c_b
  fadj_c_a = a
  fadj_c_b = b
  do fadj_e1 = lbound(t, 1), ubound(t, 1)
    t(fadj_e1) = fadj_c_b*u(fadj_e1)
    v(fadj_e1) = fadj_c_a*v(fadj_e1) + t(fadj_e1)
  end do
  fadj_c_b = b
  do fadj_e1 = lbound(w, 1), ubound(w, 1)
    w(fadj_e1) = w(fadj_e1) + fadj_c_b*v(fadj_e1)
    u(fadj_e1) = 2*u(fadj_e1)
  end do
end subroutine
`,
	// The aliasing the copies are for: a and b elements of v.
	run: `  v = u + 1; w = u - 1; u2 = u; v2 = v; w2 = w
  call f_a(7, u, v, w, v(3), v(5))
  call f_b(7, u2, v2, w2, v2(3), v2(5))
  if (any(u /= u2) .or. any(v /= v2) .or. any(w /= w2)) print *, 'differs'
`,
}, {
	name: "a SUM ends the run, accumulated in the loop",
	src: `subroutine f(n, u, dt, cost)
  integer :: n
  real(8) :: u(n), dt, cost
  u = 2*u
  cost = cost + dt*sum(u**2 + 1.0d0)
  u = u + 1
end subroutine
`,
	want: `subroutine f(n, u, dt, cost)
  integer :: n
  real(8) :: u(n), dt, cost
  integer :: fadj_e1
  real(8) :: fadj_sum1
  fadj_sum1 = 0
  do fadj_e1 = lbound(u, 1), ubound(u, 1)
    u(fadj_e1) = 2*u(fadj_e1)
    fadj_sum1 = fadj_sum1 + (u(fadj_e1)**2 + 1.0d0)
  end do
  cost = cost + dt*fadj_sum1
  u = u + 1
end subroutine
`,
	run: `  u2 = u; c2 = c
  call f_a(7, u, 0.1d0, c)
  call f_b(7, u2, 0.1d0, c2)
  if (any(u /= u2) .or. c /= c2) print *, 'differs'
`,
}, {
	name: "two dimensions: the first subscript innermost; integers summed in an integer",
	src: `subroutine f(a, b, k, m)
  integer :: m, k(3, m)
  real(8) :: a(3, m), b(3, m)
  a = a*b
  b = 0
  k = k + 1
  m = m + sum(k)
end subroutine
`,
	want: `subroutine f(a, b, k, m)
  integer :: m, k(3, m)
  real(8) :: a(3, m), b(3, m)
  integer :: fadj_e1
  integer :: fadj_e2
  integer :: fadj_sum1
  fadj_sum1 = 0
  do fadj_e2 = lbound(a, 2), ubound(a, 2)
    do fadj_e1 = lbound(a, 1), ubound(a, 1)
      a(fadj_e1, fadj_e2) = a(fadj_e1, fadj_e2)*b(fadj_e1, fadj_e2)
      b(fadj_e1, fadj_e2) = 0
      k(fadj_e1, fadj_e2) = k(fadj_e1, fadj_e2) + 1
      fadj_sum1 = fadj_sum1 + k(fadj_e1, fadj_e2)
    end do
  end do
  m = m + fadj_sum1
end subroutine
`,
	run: `  a2 = a; b2 = b; k2 = k; m2 = m
  call f_a(a, b, k, m)
  call f_b(a2, b2, k2, m2)
  if (any(a /= a2) .or. any(b /= b2) .or. any(k /= k2) .or. m /= m2) print *, 'differs'
`,
}, {
	name: "runs inside IF and DO blocks; a labelled statement starts a new run",
	src: `subroutine f(n, u, v)
  integer :: n, i
  real(8) :: u(n), v(n)
  do i = 1, 2
    if (n > 1) then
      u = u + v
      v = 0
    end if
  end do
  u = 1
10 v = 2
  u = u*v
  if (u(1) > 0) go to 10
end subroutine
`,
	want: `subroutine f(n, u, v)
  integer :: n, i
  real(8) :: u(n), v(n)
  integer :: fadj_e1
  do i = 1, 2
    if (n > 1) then
      do fadj_e1 = lbound(u, 1), ubound(u, 1)
        u(fadj_e1) = u(fadj_e1) + v(fadj_e1)
        v(fadj_e1) = 0
      end do
    end if
  end do
  u = 1
  10 v = 2
  u = u*v
  if (u(1) > 0) go to 10
end subroutine
`,
}, {
	name: "an element of an array the run assigns, before or after, splits it",
	src: `subroutine f(n, u, v, w)
  integer :: n
  real(8) :: u(n), v(n), w(n)
  v = v*u(1)
  u = u + 1
  w = u(2)*w
end subroutine
`,
}, {
	name: "a run of literal stores (memsets)",
	src: `subroutine f(n, u, v)
  integer :: n
  real(8) :: u(n), v(n)
  u = 0
  v = -1.0d0
end subroutine
`,
}, {
	name: "an element of a dummy array, read once per statement by gfortran, with a dummy array assigned",
	src: `subroutine f(n, u, v, t)
  integer :: n
  real(8) :: u(n), v(n), t(n)
  t = u(2)*t
  v = 2*v
  t = t*u(1)
  u = 3*u
end subroutine
`,
}, {
	name: "a statement reading an element of its own left side",
	src: `subroutine f(n, u, v)
  integer :: n
  real(8) :: u(n), v(n)
  u = u + u(1)
  v = 2*v
end subroutine
`,
}, {
	name: "bounds written differently, sections, SUM alone",
	src: `subroutine f(n, m, u, v, s)
  integer :: n, m
  real(8) :: u(n), v(m), s
  u = 1
  v = 2
  u(1:n) = u(1:n) + 1
  s = sum(u)
end subroutine
`,
}, {
	name: "ALLOCATABLE, POINTER, assumed shape and size, a DIMENSION or EQUIVALENCE statement",
	src: `subroutine f(n, a, b, c, d, e, g)
  integer :: n
  real(8), allocatable :: a(:)
  real(8), pointer :: p(:)
  real(8) :: b(:), c(*), d(n), e(n), g(n), h
  dimension h(n)
  equivalence (d(1), g(1))
  a = 1
  a = a + 1
  b = 1
  b = b + 1
  p = 1
  p = p + 1
  c(1:n) = 1
  d = 1
  d = d + 1
  e = h
  e = e + h
  g = e
  g = g + 1
end subroutine
`,
}, {
	name: "names the unit does not declare (a module's), user functions, transformational intrinsics",
	src: `subroutine f(n, u, v)
  use m
  integer :: n
  real(8) :: u(n), v(n)
  real(8), external :: g
  u = u + w
  v = v + 1
  u = g(u)
  v = v + 1
  u = cshift(u, 1)
  v = v + 1
  u = u + size(v)
  v = v + 1
end subroutine
`,
}, {
	name: "a unit with an OpenMP directive",
	src: `subroutine f(n, u, v)
  integer :: n
  real(8) :: u(n), v(n)
  !$omp parallel workshare
  u = u + v
  v = 0
  !$omp end parallel workshare
end subroutine
`,
}, {
	name: "a SUM whose literal or scalar would raise the kind is not fused into the run",
	src: `subroutine f(n, u, x, s)
  integer :: n
  real(4) :: u(n), s
  real(8) :: x
  u = u + 1
  s = sum(u*1.0d0)
  u = u + 1
  s = sum(u*x)
end subroutine
`,
}, {
	name: "a name the unit uses is not taken",
	src: `subroutine f(n, u, v, fadj_e1)
  integer :: n, fadj_e1
  real(8) :: u(n), v(n)
  u = u + v
  v = 0
end subroutine
`,
	want: `subroutine f(n, u, v, fadj_e1)
  integer :: n, fadj_e1
  real(8) :: u(n), v(n)
  integer :: fadj_e1_1
  do fadj_e1_1 = lbound(u, 1), ubound(u, 1)
    u(fadj_e1_1) = u(fadj_e1_1) + v(fadj_e1_1)
    v(fadj_e1_1) = 0
  end do
end subroutine
`,
}, {
	name: "WHERE and BLOCK constructs and DO CONCURRENT are left alone",
	src: `subroutine f(n, u, v)
  integer :: n, i
  real(8) :: u(n), v(n)
  where (u > 0)
    u = u + v
    v = 0
  end where
  block
    real(8) :: v(2)
    u = u + 1
    v = 0
  end block
  do concurrent (i = 1:2)
    u = u + 1
    v = 0
  end do
end subroutine
`,
}}

func TestFuseArrayStatements(t *testing.T) {
	for _, tc := range fuseCases {
		t.Run(tc.name, func(t *testing.T) {
			f := parse(t, tc.src)
			File(f, "f")
			want := tc.want
			if want == "" {
				want = print(t, parse(t, tc.src))
			}
			if got := endName.ReplaceAllString(print(t, f), "end $1"); got != endName.ReplaceAllString(want, "end $1") {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
		})
	}
}

// TestFusedSameValues runs the fused cases before and after fusing on
// the same data and compares every result bit for bit: fusing changes
// the order of the passes over memory, not the operations on each
// element. It compiles at -O0, where gfortran reads a dummy scalar once
// per statement, before the statement's loop (at -O2 once per
// procedure, which would hide a copy missing).
func TestFusedSameValues(t *testing.T) {
	gfortran, err := exec.LookPath("gfortran")
	if err != nil {
		t.Skip("gfortran not found")
	}
	var src, calls strings.Builder
	for i, tc := range fuseCases {
		if tc.run == "" {
			continue
		}
		n := "f" + strconv.Itoa(i)
		after := parse(t, tc.src)
		File(after, "f")
		for _, v := range []struct{ f, suffix string }{{print(t, parse(t, tc.src)), "_a"}, {print(t, after), "_b"}} {
			f := strings.Replace(v.f, "subroutine f(", "subroutine "+n+v.suffix+"(", 1)
			src.WriteString(endName.ReplaceAllString(f, "end subroutine") + "\n")
		}
		run := strings.NewReplacer("call f_a(", "call "+n+"_a(", "call f_b(", "call "+n+"_b(", "'differs'", "'case "+n+" differs'").Replace(tc.run)
		calls.WriteString(run)
	}
	prog := src.String() + `program main
  implicit none
  real(8) :: u(7), r(7), u2(7), r2(7), v(7), v2(7), w(7), w2(7), c, c2
  real(8) :: a(3, 4), b(3, 4), a2(3, 4), b2(3, 4)
  integer :: k(3, 4), k2(3, 4), m, m2, i
  do i = 1, 7
    u(i) = 0.37d0*i - 1.3d0
  end do
  r = 0; c = 0.5d0
  a = reshape([(0.1d0*i, i = 1, 12)], [3, 4]); b = a + 0.3d0
  k = reshape([(i, i = 1, 12)], [3, 4]); m = 4
` + calls.String() + `end program
`
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "t.f90"), []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(gfortran, "-O0", "-o", filepath.Join(dir, "t"), filepath.Join(dir, "t.f90")).CombinedOutput()
	if err != nil {
		t.Fatalf("gfortran: %v\n%s\n%s", err, out, prog)
	}
	out, err = exec.Command(filepath.Join(dir, "t")).CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "" {
		t.Fatalf("%v\n%s", err, out)
	}
}
