package check

import (
	"bytes"
	"math"

	"github.com/fadj-dev/fadj/config"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/driver"
	"github.com/fadj-dev/fadj/generator/gfortran/gfortrantest"
)

const heatSpec = "../../examples/heat_tangent/spec.yaml"

func TestHeatPasses(t *testing.T) {
	gfortrantest.Require(t)
	rep, err := Run(heatSpec, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	rep.Write(&buf)
	t.Logf("\n%s", buf.String())
	if !rep.OK() {
		t.Fatalf("heat does not pass:\n%s", buf.String())
	}
	fd := 0
	for _, r := range rep.Results {
		if r.Test == "finite differences" {
			fd++
			if r.Error > 1e-6 || r.Tolerance != 1e-6 {
				t.Errorf("sample %d: error %g, tolerance %g", r.Sample, r.Error, r.Tolerance)
			}
		}
	}
	if fd != 3 {
		t.Errorf("%d finite-difference rows, want 3 (the default samples)", fd)
	}
	for _, re := range []string{
		`heat +finite differences #1 +\d\.\de-\d+ +1\.0e-06 +PASS`,
		`heat +dot-product .*SKIP \(no adjoint for tangent-mode target\)`,
		`note: heat: integer argument 'n' set to 10`,
	} {
		if !regexp.MustCompile(re).MatchString(buf.String()) {
			t.Errorf("output does not match %q", re)
		}
	}
	// Deterministic: a second run prints the same table.
	rep2, err := Run(heatSpec, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var buf2 bytes.Buffer
	rep2.Write(&buf2)
	if buf.String() != buf2.String() {
		t.Errorf("two runs differ:\n%s\n%s", buf.String(), buf2.String())
	}
}

func TestSabotagedTangentFails(t *testing.T) {
	gfortrantest.Require(t)
	mutated := false
	rep, err := Run(heatSpec, Options{Mutate: func(path string, data []byte) []byte {
		if !strings.HasSuffix(path, "heat_d.f90") {
			return data
		}
		// Halve the derivative of the cost.
		s := strings.Replace(string(data), "cost_d = cost_d + 0.5d0*", "cost_d = cost_d + 0.25d0*", 1)
		mutated = s != string(data)
		return []byte(s)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if !mutated {
		t.Fatal("the generated tangent was not sabotaged: its text changed?")
	}
	var buf bytes.Buffer
	rep.Write(&buf)
	if rep.OK() {
		t.Fatalf("sabotaged tangent passes:\n%s", buf.String())
	}
	if !regexp.MustCompile(`heat +finite differences #1 +1\.0e\+00 +1\.0e-06 +FAIL`).MatchString(buf.String()) {
		t.Errorf("want a 1.0e+00 FAIL row (T is half the truth), got:\n%s", buf.String())
	}
}

func TestMissingCompiler(t *testing.T) {
	t.Setenv("FADJ_GFORTRAN", "/nonexistent")
	_, err := Run(heatSpec, Options{})
	if err == nil || !strings.HasPrefix(err.Error(), "gfortran not found") {
		t.Fatalf("err = %v, want gfortran not found", err)
	}
}

func TestCannotSize(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write("spec.yaml", "version: 1\nsources: [f.f90]\noutput: {dir: ad}\ntargets:\n  - routine: f\n    mode: tangent\n    independents: [x]\n    dependents: [y]\n")
	write("f.f90", "subroutine f(x, y)\n  real(8), intent(in) :: x(*)\n  real(8), intent(out) :: y\n  y = x(1)**2\nend subroutine f\n")
	gfortrantest.Require(t)
	_, err := Run(filepath.Join(dir, "spec.yaml"), Options{})
	if err == nil || !strings.Contains(err.Error(), "cannot set argument 'x' of f: its last dimension is assumed-size (*)") {
		t.Fatalf("err = %v", err)
	}
}

// A private module procedure can be differentiated, but the driver
// cannot call it.
func TestPrivateTarget(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write("spec.yaml", "version: 1\nsources: [m.f90]\noutput: {dir: ad}\ntargets:\n  - routine: m::f\n    mode: tangent\n    independents: [x]\n    dependents: [y]\n")
	write("m.f90", "module m\n  private\n  public :: g\ncontains\n  subroutine f(x, y)\n    real(8), intent(in) :: x\n    real(8), intent(out) :: y\n    y = x**2\n  end subroutine f\n  subroutine g(x, y)\n    real(8), intent(in) :: x\n    real(8), intent(out) :: y\n    call f(x, y)\n  end subroutine g\nend module m\n")
	gfortrantest.Require(t)
	_, err := Run(filepath.Join(dir, "spec.yaml"), Options{})
	if err == nil || !strings.Contains(err.Error(), "cannot call m::f: it is PRIVATE to module 'm'") {
		t.Fatalf("err = %v", err)
	}
}

func TestWriteDriver(t *testing.T) {
	p := &Program{
		Routine: "f", Tangent: "f_d", Samples: 2, FDStep: 1e-7,
		Args: []*Arg{
			{Name: "n", Class: IntParam, Type: "integer", IntValue: 10, Size: 1},
			{Name: "x", Class: Float, Type: "real(8)", Dims: []string{"1:10"}, Size: 10, Independent: true, Active: true},
			{Name: "w", Class: Float, Type: "real(8)", Size: 1},
			{Name: "y", Class: Float, Type: "complex(8)", Size: 1, Complex: true, Dependent: true, Active: true},
		},
	}
	src := WriteDriver(p)
	for _, want := range []string{
		"integer, parameter :: n = 10",
		"real(8) :: x(1:10), fadj0_x(1:10), fadjv_x(1:10), fadjd_x(1:10)",
		"real(8) :: w, fadj0_w",
		"complex(8) :: y, fadj0_y, fadjd_y",
		"real(8), parameter :: fadj_h = 9.99999999999999955d-08",
		"do fadj_s = 1, 2",
		"read(fadj_u, *) fadjv_x",
		"fadjd_x = fadjv_x",
		"fadjd_y = 0",
		"call f_d(n, x, fadjd_x, w, y, fadjd_y)",
		"x = fadj0_x + fadj_h*fadjv_x",
		"x = fadj0_x - fadj_h*fadjv_x",
		"call f(n, x, w, y)",
		"write(fadj_o, '(es26.17e3)') fadjd_y",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("driver lacks %q:\n%s", want, src)
		}
	}
	in := WriteInput(p, 1)
	lines := strings.Split(strings.TrimSpace(in), "\n")
	// base: 10 x + 1 w + 1 y; per sample 10 x.
	if len(lines) != 12+2*10 {
		t.Errorf("input has %d lines, want 32", len(lines))
	}
	if !strings.HasPrefix(lines[11], "(") {
		t.Errorf("complex value written as %q", lines[11])
	}
	if WriteInput(p, 1) != in || WriteInput(p, 2) == in {
		t.Error("input does not depend on the seed alone")
	}
}

func TestParseOutput(t *testing.T) {
	out := "B\n 3.0\n-Infinity\nT\n  1.0E+000\n P\n 2.0E+000\nM\n0.0E+000\nT\n1.0\nP\nNaN\nM\n1\n"
	base, s, err := parseOutput([]byte(out))
	if err != nil || len(s) != 2 || len(base) != 2 || base[0] != 3 || !math.IsInf(base[1], -1) {
		t.Fatalf("%v %v %v", base, s, err)
	}
	if e := fdError(s[0], 1); e != 0 {
		t.Errorf("error %g, want 0", e)
	}
	if _, _, err := parseOutput([]byte("junk\n")); err == nil {
		t.Error("junk parsed")
	}
}

// adjointTree writes a tangent spec of f(x, w, y), y = x(1)*x(2)*w, and
// returns its path; the tests add a hand-written adjoint f_b through
// Options.Mutate, standing in for reverse mode.
func adjointTree(t *testing.T) string {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"spec.yaml": "version: 1\nsources: [f.f90]\noutput: {dir: ad}\ntargets:\n  - {routine: f, mode: tangent, independents: [x], dependents: [y]}\n",
		"f.f90":     "subroutine f(x, w, y)\n  real(8), intent(in) :: x(2), w\n  real(8), intent(out) :: y\n  y = x(1)*x(2)*w\nend subroutine f\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "spec.yaml")
}

const handAdjoint = `
subroutine f_b(x, x_b, w, y, y_b)
  real(8), intent(in) :: x(2), w
  real(8) :: x_b(2)
  real(8), intent(out) :: y
  real(8) :: y_b
  y = x(1)*x(2)*w
  x_b(1) = x_b(1) + x(2)*w*y_b
  x_b(2) = x_b(2) + FACTOR*x(1)*w*y_b
  y_b = 0
end subroutine f_b
`

func appendAdjoint(factor string) func(string, []byte) []byte {
	return func(path string, data []byte) []byte {
		if strings.HasSuffix(path, "f_d.f90") {
			return append(data, strings.Replace(handAdjoint, "FACTOR", factor, 1)...)
		}
		return data
	}
}

func TestDotProduct(t *testing.T) {
	gfortrantest.Require(t)
	spec := adjointTree(t)
	for _, tc := range []struct {
		factor string
		ok     bool
	}{{"1", true}, {"1.5d0", false}} {
		rep, err := Run(spec, Options{Mutate: appendAdjoint(tc.factor)})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		rep.Write(&buf)
		t.Logf("factor %s:\n%s", tc.factor, buf.String())
		if rep.OK() != tc.ok {
			t.Errorf("factor %s: OK = %v:\n%s", tc.factor, rep.OK(), buf.String())
		}
		verdict := "PASS"
		if !tc.ok {
			verdict = "FAIL"
		}
		re := `(?m)^f +dot-product #3 +\S+ +1\.0e-12 +` + verdict + `$`
		if !regexp.MustCompile(re).MatchString(buf.String()) {
			t.Errorf("factor %s: output does not match %q:\n%s", tc.factor, re, buf.String())
		}
		if !regexp.MustCompile(`(?m)^f +finite differences #3 .*PASS$`).MatchString(buf.String()) {
			t.Errorf("factor %s: finite differences fail:\n%s", tc.factor, buf.String())
		}
	}
}

func TestWriteDriverAdjoint(t *testing.T) {
	p := &Program{
		Routine: "f", Adjoint: "f_b", Samples: 1, FDStep: 1e-7,
		Args: []*Arg{
			{Name: "x", Class: Float, Type: "real(8)", Size: 1, Independent: true, AdjActive: true},
			{Name: "u", Class: Float, Type: "real(8)", Dims: []string{"1:2"}, Size: 2, Independent: true, Dependent: true, AdjActive: true},
			{Name: "y", Class: Float, Type: "real(8)", Size: 1, Dependent: true, AdjActive: true},
		},
	}
	src := WriteDriver(p)
	for _, want := range []string{
		"real(8) :: u(1:2), fadj0_u(1:2), fadjv_u(1:2), fadjb_u(1:2), fadjw_u(1:2)",
		"read(fadj_u, *) fadjw_y",
		"fadjb_x = 0",
		"fadjb_u = fadjw_u",
		"fadjb_y = fadjw_y",
		"call f_b(x, fadjb_x, u, fadjb_u, y, fadjb_y)",
		"write(fadj_o, '(a)') 'A'",
		"write(fadj_o, '(es26.17e3)') fadjb_u",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("driver lacks %q:\n%s", want, src)
		}
	}
	if strings.Contains(src, "'T'") {
		t.Errorf("driver without tangent prints T:\n%s", src)
	}
	in, dirs := Input(p, 7)
	if len(dirs) != 1 || len(dirs[0].XD) != 3 || len(dirs[0].YB) != 3 {
		t.Fatalf("dirs = %v", dirs)
	}
	if got := len(strings.Split(strings.TrimSpace(in), "\n")); got != 4+3+3 {
		t.Errorf("input has %d lines, want 10", got)
	}
	out := "P\n1\n2\n3\nM\n1\n2\n3\nA\n4\n5\n6\n"
	_, s, err := parseOutput([]byte(out))
	if err != nil || len(s) != 1 || len(s[0].A) != 3 || len(s[0].P) != 3 {
		t.Fatalf("%v %v", s, err)
	}
}

// TestHeatBoth runs the dot-product test on the adjoint the driver
// generates, once reverse mode is there (skipped before).
func TestHeatBoth(t *testing.T) {
	gfortrantest.Require(t)
	dir := t.TempDir()
	src, err := os.ReadFile("../../examples/heat_tangent/heat.f90")
	if err != nil {
		t.Fatal(err)
	}
	spec := "version: 1\nsources: [heat.f90]\noutput: {dir: ad}\ntargets:\n  - {routine: heat, mode: both, independents: [u0, r], dependents: [cost]}\n"
	if err := os.WriteFile(filepath.Join(dir, "heat.f90"), src, 0o666); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "spec.yaml"), []byte(spec), 0o666); err != nil {
		t.Fatal(err)
	}
	rep, err := Run(filepath.Join(dir, "spec.yaml"), Options{})
	if err != nil && strings.Contains(err.Error(), "not supported yet") {
		t.Skipf("no reverse mode yet: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	rep.Write(&buf)
	t.Logf("\n%s", buf.String())
	if !rep.OK() || !regexp.MustCompile(`(?m)^heat +dot-product #3 +\S+ +1\.0e-12 +PASS$`).MatchString(buf.String()) {
		t.Errorf("heat, mode both:\n%s", buf.String())
	}
}

func TestWriteDriverGlobalsAndFunction(t *testing.T) {
	p := &Program{
		Routine: "f", Tangent: "f_d", Adjoint: "f_b", Samples: 1, FDStep: 1e-7,
		Uses:  []string{"use phys, only: k", "use phys_d, only: k_d"},
		Decls: []string{"real(8), external :: f", "real(8) :: a, b", "common /coef/ a, b"},
		Args: []*Arg{
			{Name: "m", Class: IntParam, Type: "integer", IntValue: 3, Size: 1, Var: true},
			{Name: "x", Class: Float, Type: "real(8)", Size: 1, Independent: true, Active: true, AdjActive: true},
			{Name: "k", Class: Float, Type: "real(8)", Size: 1, Independent: true, Global: "phys::k", DName: "k_d", BName: "k_b"},
			{Name: "a", Class: Float, Type: "real(8)", Size: 1, Independent: true, Global: "/coef/a"},
			{Name: resultName, Class: FuncResult, Type: "real(8)", Size: 1, Dependent: true, Active: true, AdjActive: true},
		},
	}
	src := WriteDriver(p)
	for _, want := range []string{
		"program fadj_check_driver\n  use phys, only: k\n  use phys_d, only: k_d\n  implicit none\n  real(8), external :: f\n",
		"common /coef/ a, b",
		"  integer :: m\n",
		"    m = 3\n",
		"real(8) :: fadj0_k, fadjv_k\n",
		"real(8) :: fadjr, fadjd_fadjr, fadjw_fadjr\n",
		"    k = fadj0_k\n",
		"    k_d = fadjv_k\n",
		"    call f_d(m, x, fadjd_x, fadjr, fadjd_fadjr)",
		"    write(fadj_o, '(es26.17e3)') fadjd_fadjr",
		"    k = fadj0_k + fadj_h*fadjv_k",
		"    a = fadj0_a - fadj_h*fadjv_a",
		"    fadjr = f(m, x)",
		"    k_b = 0\n",
		"    call f_b(m, x, fadjb_x, fadjw_fadjr)",
		"    write(fadj_o, '(es26.17e3)') k_b",
		"    write(fadj_o, '(es26.17e3)') 0*fadj0_a",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("driver lacks %q:\n%s", want, src)
		}
	}
	for _, bad := range []string{"fadjd_k", "fadjb_k", "fadjb_fadjr", "fadj0_fadjr", "integer, parameter :: m"} {
		if strings.Contains(src, bad) {
			t.Errorf("driver has %q:\n%s", bad, src)
		}
	}
	in, dirs := Input(p, 3)
	// base: x, k, a; then the directions of x, k, a and the weight of the result.
	if got := len(strings.Split(strings.TrimSpace(in), "\n")); got != 3+3+1 {
		t.Errorf("input has %d lines, want 7", got)
	}
	if len(dirs[0].XD) != 3 || len(dirs[0].YB) != 1 {
		t.Errorf("dirs = %v", dirs)
	}
}

// specTree writes a spec and its sources into a temporary directory and
// returns the spec's path.
func specTree(t *testing.T, files map[string]string) string {
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "spec.yaml")
}

func TestInputs(t *testing.T) {
	gfortrantest.Require(t)
	src := "subroutine f(x, y, n, m)\n  integer, intent(in) :: n\n  integer :: m\n  real(8), intent(in) :: x(n)\n  real(8), intent(out) :: y\n  y = sum(x**2)*m\n  m = m + 1\nend subroutine f\n"
	spec := "version: 1\nsources: [f.f90]\noutput: {dir: ad}\ntargets:\n  - {routine: f, mode: tangent, independents: [x], dependents: [y]}\ncheck:\n  inputs: {n: 4, m: 3}\n"
	rep, err := Run(specTree(t, map[string]string{"spec.yaml": spec, "f.f90": src}), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	rep.Write(&buf)
	for _, want := range []string{"note: f: integer argument 'n' set to 4", "note: f: integer argument 'm' set to 3"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, buf.String())
		}
	}
	if !rep.OK() {
		t.Errorf("fails:\n%s", buf.String())
	}
	bad := strings.Replace(spec, "m: 3", "q: 3", 1)
	_, err = Run(specTree(t, map[string]string{"spec.yaml": bad, "f.f90": src}), Options{})
	if err == nil || !strings.HasSuffix(err.Error(), "spec.yaml:7:18: check.inputs: 'q' is not a variable fadj check sets (an argument of a target, or a module or common-block variable a target names)") {
		t.Errorf("err = %v", err)
	}
}

func TestGeneratedCode(t *testing.T) {
	res := &driver.Result{Files: []driver.Output{
		{Path: "ad/phys_d.f90", Data: []byte("module phys_d\n  use phys\n  implicit none\n  real(8) :: k_d, c_d(4)\ncontains\n  subroutine step_d(x, x_d, n)\n    integer, intent(in) :: n\n    real(8) :: x(n), x_d(n)\n    x_d = k_d*x + k*x_d\n  end subroutine step_d\nend module phys_d\n")},
		{Path: "ad/f_d.f90", Data: []byte("subroutine f_d(y, y_d)\n  real(8) :: y, y_d, a, b, a_d, b_d\n  common /coef/ a, b\n  common /coef_d/ a_d, b_d\n  y_d = a_d\nend subroutine f_d\n")},
	}}
	g := loadGenerated(res)
	args, mod, ok := g.routine("step_d")
	if !ok || mod != "phys_d" || strings.Join(args, ",") != "x,x_d,n" {
		t.Errorf("step_d: %v %q %v", args, mod, ok)
	}
	if args, mod, ok := g.routine("F_D"); !ok || mod != "" || strings.Join(args, ",") != "y,y_d" {
		t.Errorf("f_d: %v %q %v", args, mod, ok)
	}
	if _, _, ok := g.routine("nope"); ok {
		t.Error("found nope")
	}
	if mod, c := g.global("c_d"); mod != "phys_d" || c != nil {
		t.Errorf("c_d: %q %v", mod, c)
	}
	mod, c := g.global("b_d")
	if mod != "" || c == nil {
		t.Fatalf("b_d: %q %v", mod, c)
	}
	decls, err := commonDecls(c.Members[0].Common.Name, c.Members)
	if err != nil || strings.Join(decls, "; ") != "real(8) :: a_d; real(8) :: b_d; common /coef_d/ a_d, b_d" {
		t.Errorf("decls %q %v", decls, err)
	}
}

// TestTapeLeft checks that an adjoint leaving values on the tape fails,
// with a row saying how many bytes it left.
func TestTapeLeft(t *testing.T) {
	rep, out := runSabotaged(t, "  call fadj_push_r8(t)\n")
	if rep.OK() || !regexp.MustCompile(`(?m)^branchy +tape bytes left #3 +8 +0 +FAIL$`).MatchString(out) {
		t.Errorf("want a FAIL row for 8 bytes left:\n%s", out)
	}
	if !regexp.MustCompile(`(?m)^branchy +dot-product #3 .*PASS$`).MatchString(out) {
		t.Errorf("the dot product should still pass:\n%s", out)
	}
}

// runSabotaged checks the branches kernel with stmt added at the end of
// its adjoint, and returns the report and its text.
func runSabotaged(t *testing.T, stmt string) (*Report, string) {
	t.Helper()
	gfortrantest.Require(t)
	mutated := false
	rep, err := Run("testdata/kernels/branches/spec.yaml", Options{Mutate: func(path string, data []byte) []byte {
		if !strings.HasSuffix(path, "branchy_b.f90") {
			return data
		}
		s := strings.Replace(string(data), "end subroutine branchy_b", stmt+"end subroutine branchy_b", 1)
		mutated = s != string(data)
		return []byte(s)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if !mutated {
		t.Fatal("the adjoint was not changed: its text changed?")
	}
	var buf bytes.Buffer
	rep.Write(&buf)
	return rep, buf.String()
}

// TestOutputsOfTheAdjoint sabotages an adjoint to leave its dependent
// other than the primal computes it: a row of its own fails, the
// derivatives still pass.
func TestOutputsOfTheAdjoint(t *testing.T) {
	rep, out := runSabotaged(t, "  y = 2*y\n")
	if rep.OK() || !regexp.MustCompile(`(?m)^branchy +outputs of the adjoint #1 +1\.0e\+00 +1\.0e-12 +FAIL$`).MatchString(out) {
		t.Errorf("want a FAIL row for the doubled output:\n%s", out)
	}
	if !regexp.MustCompile(`(?m)^branchy +dot-product #3 .*PASS$`).MatchString(out) {
		t.Errorf("the dot product should still pass:\n%s", out)
	}
}

// TestCommonBlock checks the driver's handling of common-block
// variables against hand-written derivative code, in the layout fadj's
// module variables use: the derivatives in a parallel common block.
func TestCommonBlock(t *testing.T) {
	gfortrantest.Require(t)
	const deriv = `
      SUBROUTINE CMB_D(X, X_D, Y, Y_D)
      DOUBLE PRECISION X, X_D, Y, Y_D, A, B, A_D, B_D
      COMMON /COEF/ A, B
      COMMON /COEF_D/ A_D, B_D
      Y_D = A_D*X*X + 2*A*X*X_D + B*DCOS(A*X)*(A_D*X + A*X_D)
      Y = A*X*X + B*DSIN(A*X)
      END
      SUBROUTINE CMB_B(X, X_B, Y, Y_B)
      DOUBLE PRECISION X, X_B, Y, Y_B, A, B, A_B, B_B
      COMMON /COEF/ A, B
      COMMON /COEF_B/ A_B, B_B
      Y = A*X*X + B*DSIN(A*X)
      A_B = A_B + (X*X + B*DCOS(A*X)*X)*FACTOR*Y_B
      X_B = X_B + (2*A*X + B*DCOS(A*X)*A)*Y_B
      Y_B = 0
      END
`
	defer func(g func(string, driver.Options) (*driver.Result, error)) { generate = g }(generate)
	for _, tc := range []struct {
		factor string
		ok     bool
	}{{"1", true}, {"2", false}} {
		generate = func(string, driver.Options) (*driver.Result, error) {
			return &driver.Result{Files: []driver.Output{{Path: "ad/cmb_db.f90", Data: []byte(strings.ReplaceAll(deriv, "FACTOR", tc.factor))}}}, nil
		}
		rep, err := Run("testdata/kernels/common_block/spec.yaml", Options{})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		rep.Write(&buf)
		if rep.OK() != tc.ok || !regexp.MustCompile(`(?m)^cmb +finite differences #3 .*PASS$`).MatchString(buf.String()) {
			t.Errorf("factor %s: OK = %v, want %v:\n%s", tc.factor, rep.OK(), tc.ok, buf.String())
		}
	}
}

// TestSection checks an independent given as a section against
// hand-written derivatives: the direction and the adjoint are masked to
// the section, so that an adjoint wrong outside it still passes and one
// wrong inside fails.
func TestSection(t *testing.T) {
	gfortrantest.Require(t)
	const deriv = `
subroutine partial_d(u, u_d, s, s_d, n)
  integer, intent(in) :: n
  real(8), intent(in) :: u(n), u_d(n)
  real(8), intent(out) :: s, s_d
  s_d = sum(2*u*u_d) + u_d(3)*u(4) + u(3)*u_d(4)
  s = sum(u**2) + u(3)*u(4)
end subroutine partial_d
subroutine partial_b(u, u_b, s, s_b, n)
  integer, intent(in) :: n
  real(8), intent(in) :: u(n)
  real(8), intent(inout) :: u_b(n)
  real(8), intent(out) :: s
  real(8), intent(inout) :: s_b
  s = sum(u**2) + u(3)*u(4)
  u_b = u_b + 2*u*s_b
  u_b(3) = u_b(3) + u(4)*s_b
  u_b(4) = u_b(4) + u(3)*s_b
  u_b(WRONG) = 7
  s_b = 0
end subroutine partial_b
`
	defer func(g func(string, driver.Options) (*driver.Result, error)) { generate = g }(generate)
	for _, tc := range []struct {
		wrong string
		ok    bool
	}{{"1", true}, {"n", true}, {"2", false}} {
		generate = func(string, driver.Options) (*driver.Result, error) {
			return &driver.Result{Files: []driver.Output{{Path: "ad/partial_db.f90", Data: []byte(strings.ReplaceAll(deriv, "WRONG", tc.wrong))}}}, nil
		}
		rep, err := Run("testdata/kernels/section_independent/spec.yaml", Options{})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		rep.Write(&buf)
		if rep.OK() != tc.ok {
			t.Errorf("u_b(%s) wrong: OK = %v, want %v:\n%s", tc.wrong, rep.OK(), tc.ok, buf.String())
		}
	}
	p := &Program{Routine: "f", Tangent: "f_d", Samples: 1, FDStep: 1e-7, Args: []*Arg{
		{Name: "n", Class: IntParam, Type: "integer", IntValue: 6, Size: 1, Var: true},
		{Name: "u", Class: Float, Type: "real(8)", Dims: []string{"1:6"}, Size: 6, Independent: true, Dependent: true, Active: true, InSection: "2:n", OutSection: "1:3"},
	}}
	src := WriteDriver(p)
	for _, want := range []string{
		"  logical :: fadjmi_u(1:6)\n  logical :: fadjmo_u(1:6)\n",
		"  n = 6\n  fadjmi_u = .false.\n  fadjmi_u(2:n) = .true.\n  fadjmo_u = .false.\n  fadjmo_u(1:3) = .true.\n",
		"    fadjv_u = merge(fadjv_u, 0*fadjv_u, fadjmi_u)",
		"    write(fadj_o, '(es26.17e3)') merge(fadjd_u, 0*fadjd_u, fadjmo_u)",
		"    write(fadj_o, '(es26.17e3)') merge(u, 0*u, fadjmo_u)",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("driver lacks %q:\n%s", want, src)
		}
	}
}

func TestWriteDriverSaved(t *testing.T) {
	p := &Program{Routine: "f", Samples: 1, FDStep: 1e-7,
		Uses:  []string{"use clock, only: fadjg1 => time", "use clock_d, only: fadjg2 => time_d"},
		Saved: []Saved{{Local: "fadjg1", Type: "real(8)"}, {Local: "fadjg2", Type: "real(8)", Dims: "(1:3)", Zero: true}},
		Args:  []*Arg{{Name: "x", Class: Float, Type: "real(8)", Size: 1, Independent: true, Dependent: true}},
	}
	src := WriteDriver(p)
	for _, want := range []string{
		"  real(8) :: fadjs_fadjg1\n",
		"  fadjs_fadjg1 = fadjg1\n",
		"    fadjg1 = fadjs_fadjg1\n    fadjg2 = 0\n    x = fadj0_x\n",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("driver lacks %q:\n%s", want, src)
		}
	}
	if strings.Contains(src, "fadjs_fadjg2") {
		t.Errorf("a zeroed derivative is saved:\n%s", src)
	}
}

func TestWriteDriverPreset(t *testing.T) {
	p := &Program{Routine: "f", Adjoint: "f_b", Samples: 1, FDStep: 1e-7, Args: []*Arg{
		{Name: "x", Class: Float, Type: "real(8)", Size: 1, Independent: true, AdjActive: true, Preset: true},
		{Name: "y", Class: Float, Type: "real(8)", Size: 1, Dependent: true, AdjActive: true},
	}}
	src := WriteDriver(p)
	for _, want := range []string{
		"  logical :: fadjp_x\n",
		"    call f(x, y)\n    write(fadj_o, '(a)') 'P'\n    write(fadj_o, '(es26.17e3)') y\n    fadjp_x = all([x == fadj0_x + fadj_h*fadjv_x])\n",
		"    fadjb_x = merge(fadjv_x/1048576, 0*fadjv_x, fadjp_x)\n",
		"    write(fadj_o, '(es26.17e3)') (fadjb_x - merge(fadjv_x/1048576, 0*fadjv_x, fadjp_x))\n",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("driver lacks %q:\n%s", want, src)
		}
	}
}

func TestWriteDriverOutOnly(t *testing.T) {
	p := &Program{Routine: "f", Adjoint: "f_b", Samples: 1, FDStep: 1e-7, Args: []*Arg{
		{Name: "x", Class: Float, Type: "real(8)", Size: 1, Independent: true, AdjActive: true},
		{Name: "y", Class: Float, Type: "real(8)", Dims: []string{"1:2"}, Size: 2, Dependent: true, AdjActive: true, OutOnly: true},
	}}
	if src, want := WriteDriver(p), "    write(fadj_o, '(a)') 'Z'\n    write(fadj_o, '(es26.17e3)') sum(abs([fadjb_y]))\n"; !strings.Contains(src, want) {
		t.Errorf("driver lacks %q:\n%s", want, src)
	}
	_, s, err := parseOutput([]byte("P\n1\nM\n1\nA\n2\nZ\n0.5\nE\n0\n"))
	if err != nil || len(s) != 1 || len(s[0].Z) != 1 || s[0].Z[0] != 0.5 || len(s[0].E) != 1 {
		t.Errorf("%v %v", s, err)
	}
}

// TestFormOverride checks a spec whose form: overrides make fadj read
// .f files as free form: fadj generate accepts it, and so must fadj
// check (it reads the spec through the same binding, and gives the
// compiler copies named for their form).
func TestFormOverride(t *testing.T) {
	t.Parallel()
	gfortrantest.Require(t)
	spec := specTree(t, map[string]string{
		"spec.yaml": "version: 1\nsources: [model.f, cost.f]\nform: {model.f: free, cost.f: free}\noutput: {dir: ad}\n" +
			"targets:\n  - {routine: model, mode: both, independents: [x], dependents: [y]}\n",
		"model.f": "subroutine model(x, y)\n  real(8), intent(in) :: x(3)\n  real(8), intent(out) :: y\n  call cost(x, y)\nend subroutine model\n",
		"cost.f":  "subroutine cost(x, y)\n  real(8), intent(in) :: x(3)\n  real(8), intent(out) :: y\n  y = sum(x**2) + x(1)*x(3)  ! free-form comment\nend subroutine cost\n",
	})
	if _, err := driver.Generate(spec); err != nil {
		t.Fatalf("generate: %v", err)
	}
	rep, err := Run(spec, Options{})
	if err != nil {
		t.Fatalf("check: %v", err)
	}
	var buf bytes.Buffer
	rep.Write(&buf)
	if !rep.OK() || !regexp.MustCompile(`(?m)^model +dot-product #3 .*PASS$`).MatchString(buf.String()) {
		t.Errorf("check fails:\n%s", buf.String())
	}
}

// The directions of an independent below 1 are scaled to its size; the
// weights of the dependents are not scaled at all (a function result or
// an argument both independent and dependent included): a weight of 0
// would make the dot-product test vacuous.
func TestDirectionScale(t *testing.T) {
	small := &config.Input{Range: &config.Range{Min: 1e-8, Max: 2e-8}}
	p := &Program{Routine: "f", Samples: 2, Adjoint: "f_b",
		Args: []*Arg{
			{Name: "eps", Class: Float, Type: "real(8)", Dims: []string{"1:3"}, Size: 3, Independent: true, Value: small},
			{Name: "u", Class: Float, Type: "real(8)", Dims: []string{"1:2"}, Size: 2, Independent: true, Dependent: true, Value: small},
			{Name: resultName, Class: FuncResult, Type: "real(8)", Size: 1, Dependent: true},
		}}
	_, dirs := Input(p, 11)
	for s, d := range dirs {
		for i, v := range d.XD[:3] {
			if v == 0 || math.Abs(v) > 2e-8 {
				t.Errorf("sample %d: direction %d of eps is %g, want within [-2e-8, 2e-8], not 0", s, i, v)
			}
		}
		for i, v := range d.XD[3:] {
			if math.Abs(v) > 2e-8 {
				t.Errorf("sample %d: direction %d of u is %g, want within [-2e-8, 2e-8]", s, i, v)
			}
		}
		if len(d.YB) != 3 || d.YB[2] == 0 || math.Max(math.Abs(d.YB[0]), math.Abs(d.YB[1])) < 1e-6 {
			t.Errorf("sample %d: weights %v, want 3 entries in [-1, 1], unscaled", s, d.YB)
		}
	}
}
