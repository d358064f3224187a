package adjoint_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	fadjdriver "github.com/fadj-dev/fadj/generator/driver"
	"github.com/fadj-dev/fadj/generator/gfortran"
	"github.com/fadj-dev/fadj/generator/gfortran/gfortrantest"
)

// flowSrc has two fixed-point loops with branches in their bodies:
// steady's branches settle (x stays positive, the inner loop's trip count
// is fixed), flip's alternate with the iteration's parity to the end.
const flowSrc = `subroutine steady(p, x, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: p(n)
  real(8), intent(out) :: x(n)
  real(8) :: xn(n), err
  integer :: i, it
  x = 0
  do it = 1, 200
    do i = 1, n
      xn(i) = 0.5d0*cos(x(i)) + p(i)
      if (x(i) < -1) then
        xn(i) = 0
      end if
    end do
    select case (n)
    case (1)
      xn = 2*xn
    end select
    err = maxval(abs(xn - x))
    x = xn
    if (err < 1d-13) exit
  end do
end subroutine

subroutine flip(p, x)
  implicit none
  real(8), intent(in) :: p
  real(8), intent(out) :: x
  real(8) :: xn, err
  integer :: it
  x = 0
  it = 0
  err = 1
  fl: do while (err > 1d-13)
    it = it + 1
    xn = 0.5d0*x + p
    if (mod(it, 2) == 0) xn = xn + 0*x
    err = abs(xn - x)
    x = xn
  end do fl
end subroutine
`

const flowSpec = `version: 1
sources: [flow.f90]
output: {dir: ad}
targets:
  - routine: steady
    mode: reverse
    independents: [p]
    dependents: [x]
    fixed_point:
      - loop: do it
        in: steady
        stationarity: check
  - routine: flip
    mode: reverse
    independents: [p]
    dependents: [x]
    fixed_point:
      - loop: flip::fl
        stationarity: check
`

const flowMain = `program main
  use fadj_runtime
  implicit none
  real(8) :: p(3), x(3), pb(3), xb(3), q, y, qb, yb
  p = [0.1d0, 0.2d0, 0.3d0]
  pb = 0; xb = 1
  call steady_b(p, pb, x, xb, 3)
  print '(a, i0)', 'steady ', fadj_fp_unstationary()
  q = 0.5d0; qb = 0; yb = 1
  call flip_b(q, qb, y, yb)
  print '(a, i0, 1x, f8.5)', 'flip ', fadj_fp_unstationary(), qb
  call fadj_fp_stats()
end program
`

// TestStationarityCheck generates both loops with stationarity: check,
// runs their adjoints, and checks that only flip's control flow is
// reported as not stationary, on standard error and in the summary.
func TestStationarityCheck(t *testing.T) {
	gf := gfortrantest.Require(t)
	dir := t.TempDir()
	spec := flowSpec
	for n, s := range map[string]string{"flow.f90": flowSrc, "spec.yaml": spec, "main.f90": flowMain} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res, err := fadjdriver.Generate(filepath.Join(dir, "spec.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var srcs []string
	for _, f := range res.Files {
		p := filepath.Join(dir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(p, "_b.f90") {
			srcs = append(srcs, p)
		}
	}
	all := append([]string{filepath.Join(dir, "ad", "fadj_runtime.f90"), filepath.Join(dir, "flow.f90")}, srcs...)
	all = append(all, filepath.Join(dir, "main.f90"))
	c := &gfortran.Compiler{Path: gf, Flags: []string{"-O0"}}
	if err := c.Build(dir, filepath.Join(dir, "main"), all...); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(filepath.Join(dir, "main"))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v: %s", err, stderr.String())
	}
	got := string(out)
	for _, want := range []string{"steady 0\n", "flip 1  2.00000\n", "stationarity checks: 2  not stationary: 1"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	e := stderr.String()
	if !strings.Contains(e, "control flow of fixed-point loop flip::fl") || strings.Contains(e, "steady") {
		t.Errorf("stderr: %q", e)
	}
}

// TestFixedPointJointCallRejected checks that a call reversed jointly in
// a fixed-point loop's body (its snapshot would be popped once per
// adjoint iteration) is rejected at the loop, naming the way out.
func TestFixedPointJointCallRejected(t *testing.T) {
	const src = `subroutine half(x)
  real(8), intent(inout) :: x
  x = 0.5d0*sin(x) + 1
end subroutine

subroutine s(p, x)
  real(8), intent(in) :: p
  real(8), intent(out) :: x
  real(8) :: xo
  integer :: it
  x = p
  do it = 1, 100
    xo = x
    call half(x)
    if (abs(x - xo) < 1d-14) exit
  end do
end subroutine
`
	const spec = `version: 1
sources: [s.f90]
output: {dir: ad}
targets:
  - routine: s
    mode: reverse
    independents: [p]
    dependents: [x]
    fixed_point:
      - loop: do it
        in: s
`
	dir := t.TempDir()
	for n, s := range map[string]string{"s.f90": src, "spec.yaml": spec} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, err := fadjdriver.Generate(filepath.Join(dir, "spec.yaml"))
	want := "s.f90:12:3: not supported yet: a call reversed jointly (with a snapshot) in the body of fixed-point loop s::line 12"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want %q", err, want)
	}
	split := strings.Replace(spec, "    dependents: [x]\n", "    dependents: [x]\n    call_overrides: {half: split}\n", 1)
	if err := os.WriteFile(filepath.Join(dir, "spec.yaml"), []byte(split), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := fadjdriver.Generate(filepath.Join(dir, "spec.yaml")); err != nil {
		t.Errorf("split: %v", err)
	}
}
