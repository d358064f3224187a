package adjoint_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	fadjdriver "github.com/fadj-dev/fadj/generator/driver"
	"github.com/fadj-dev/fadj/generator/gfortran"
	"github.com/fadj-dev/fadj/generator/gfortran/gfortrantest"
)

// TestFixedPointRejected checks what a fixed-point loop rejects at its
// place: an array of a derived type as its state (fixedpoint_derived.go),
// and a body naming a pointer (fixedpoint_alias.go).
func TestFixedPointRejected(t *testing.T) {
	const spec = `version: 1
sources: [s.f90]
output: {dir: ad}
targets:
  - routine: s
    mode: reverse
    independents: [p]
    dependents: [y]
    fixed_point:
      - loop: do it
        in: s
`
	for _, tc := range []struct{ name, src, want string }{
		{"array", `subroutine s(p, y)
  type st
    real(8) :: x
  end type
  real(8), intent(in) :: p
  real(8), intent(out) :: y
  type(st) :: q(2)
  real(8) :: xo
  integer :: it
  q%x = p
  do it = 1, 100
    xo = q(1)%x
    q%x = 0.5d0*sin(q%x) + p
    if (abs(q(1)%x - xo) < 1d-14) exit
  end do
  y = sum(q%x)
end subroutine
`, "s.f90:11:3: not supported yet: derived-type variable 'q', an array or polymorphic, in fixed-point loop s::line 11"},
		// Writes through a pointer define its target, which the loop's
		// state does not follow (fixedpoint_alias.go).
		{"pointer", `subroutine s(p, y)
  real(8), intent(in) :: p
  real(8), intent(out) :: y
  real(8), target :: xs(2, 2)
  real(8), pointer :: xn(:)
  real(8) :: xo
  integer :: it
  xs = p
  xn => xs(:, 2)
  do it = 1, 100
    xo = xs(1, 1)
    xn = 0.5d0*sin(xs(:, 1)) + p
    xs(:, 1) = xn
    if (abs(xs(1, 1) - xo) < 1d-14) exit
  end do
  y = sum(xs)
end subroutine
`, "s.f90:12:5: not supported yet: pointer 'xn' in fixed-point loop s::line 10"},
	} {
		dir := t.TempDir()
		for n, s := range map[string]string{"s.f90": tc.src, "spec.yaml": spec} {
			if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		_, err := fadjdriver.Generate(filepath.Join(dir, "spec.yaml"))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.want)
		}
	}
}

// fpSimple is fp_simple's SIMPLE-like loop with its state in arrays
// (derived false) or in the components of a derived-type variable, and
// its relaxation factors in one (a parameter).
func fpSimple(derived bool) string {
	src := `module flow_state
  implicit none
  integer, parameter :: nc = 6
  type flow
    real(8) :: u(nc), p(nc)
    integer :: iters
  end type flow
  type relax
    real(8) :: u, p
  end type relax
end module flow_state

subroutine simple(s, m, u, p, w)
  use flow_state
  implicit none
  real(8), intent(in) :: s(nc), m(nc), w
  real(8), intent(out) :: u(nc), p(nc)
  type(flow) :: st
  type(relax) :: alpha
  real(8) :: a(nc), us(nc), pc(nc), gp(nc), res, eps
  integer :: i, it
  alpha%u = 0.7d0*w
  alpha%p = 0.5d0*w
  eps = 0.5d0
  st%u = 0
  st%p = 0
  st%iters = 0
  do it = 1, 2000
    gp(1) = st%p(1)
    do i = 2, nc
      gp(i) = st%p(i) - st%p(i - 1)
    end do
    a = 2 + 0.2d0*st%u**2
    us = (s - gp)/a
    do i = 1, nc - 1
      pc(i) = (us(i) - us(i + 1) - eps*st%p(i) - m(i))/(2/a(i) + eps)
    end do
    pc(nc) = (us(nc) - eps*st%p(nc) - m(nc))/(2/a(nc) + eps)
    res = maxval(abs(pc))
    st%p = st%p + alpha%p*pc
    st%u = (1 - alpha%u)*st%u + alpha%u*us
    st%iters = st%iters + 1
    if (res < 1.0d-14) exit
  end do
  u = st%u
  p = st%p
end subroutine
`
	if !derived {
		src = strings.NewReplacer("st%u", "stu", "st%p", "stp", "st%iters", "stiters", "alpha%u", "alphau", "alpha%p", "alphap",
			"  type(flow) :: st\n  type(relax) :: alpha\n", "  real(8) :: stu(nc), stp(nc), alphau, alphap\n  integer :: stiters\n").Replace(src)
	}
	return src
}

// TestFixedPointDerivedAsArrays checks that a fixed-point loop whose
// state and a parameter are derived-type variables gives the gradient
// of the same loop on arrays and scalars, both reversed as fixed-point
// loops (tolerance 1e-14): <x_b, dx> to 1e-13.
func TestFixedPointDerivedAsArrays(t *testing.T) {
	gf := gfortrantest.Require(t)
	const spec = `version: 1
sources: [s.f90]
output: {dir: ad}
targets:
  - routine: simple
    mode: reverse
    independents: [s, m, w]
    dependents: [u, p]
    fixed_point:
      - loop: do it
        tolerance: 1.0e-14
`
	const drv = `program driver
  use fadj_runtime
  implicit none
  real(8) :: s(6), m(6), w, u(6), p(6), s_b(6), m_b(6), w_b, u_b(6), p_b(6)
  integer :: i
  do i = 1, 6
    s(i) = 1 + 0.3d0*sin(1.0d0*i)
    m(i) = 0.2d0*cos(2.0d0*i)
    u_b(i) = 0.5d0 + 0.1d0*i
    p_b(i) = 1 - 0.07d0*i
  end do
  w = 1
  s_b = 0
  m_b = 0
  w_b = 0
  call simple_b(s, s_b, m, m_b, u, u_b, p, p_b, w, w_b)
  print '(es25.17)', sum(s_b*[(0.3d0*i, i = 1, 6)]) + sum(m_b*[(1 - 0.1d0*i, i = 1, 6)]) + 0.7d0*w_b
end program
`
	var got [2]float64
	for i, derived := range []bool{false, true} {
		dir := t.TempDir()
		for n, s := range map[string]string{"s.f90": fpSimple(derived), "spec.yaml": spec, "driver.f90": drv} {
			if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		res, err := fadjdriver.Generate(filepath.Join(dir, "spec.yaml"))
		if err != nil {
			t.Fatalf("derived %v: %v", derived, err)
		}
		for _, f := range res.Files {
			p := filepath.Join(dir, filepath.FromSlash(f.Path))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		c := &gfortran.Compiler{Path: gf, Flags: []string{"-O0", "-ffree-line-length-none"}}
		if err := c.Build(dir, "driver", "ad/fadj_runtime.f90", "s.f90", "ad/simple_b.f90", "driver.f90"); err != nil {
			t.Fatalf("derived %v: build: %v", derived, err)
		}
		out, err := gfortran.Run(dir, "./driver", 60*time.Second)
		if err != nil {
			t.Fatalf("derived %v: run: %v", derived, err)
		}
		if _, err := fmt.Sscan(string(out), &got[i]); err != nil {
			t.Fatalf("derived %v: output %q: %v", derived, out, err)
		}
	}
	if d := math.Abs(got[1] - got[0]); got[0] == 0 || !(d <= 1e-13*math.Abs(got[0])) {
		t.Errorf("<x_b, dx> = %.17g with derived types, %.17g with arrays", got[1], got[0])
	}
	t.Logf("<x_b, dx> = %.17g with derived types, %.17g with arrays", got[1], got[0])
}
