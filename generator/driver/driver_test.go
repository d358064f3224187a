package driver_test

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/driver"
	"github.com/fadj-dev/fadj/generator/gfortran"
	"github.com/fadj-dev/fadj/generator/gfortran/gfortrantest"
)

var update = flag.Bool("update", false, "rewrite the checked-in outputs of the examples")

const exampleDir = "../../examples/heat_tangent"

// TestExampleUpToDate regenerates the examples whose outputs are checked
// in and fails if an output differs (go test -update refreshes them).
func TestExampleUpToDate(t *testing.T) {
	for _, ex := range []struct {
		dir   string
		files []string
	}{
		{exampleDir, []string{"ad/heat_d.f90"}},
		{"../../examples/heat_reverse", []string{"ad/fadj_runtime.f90", "ad/heat_b.f90"}},
	} {
		res, err := driver.Generate(filepath.Join(ex.dir, "spec.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(paths(res), " ") != strings.Join(ex.files, " ") {
			t.Fatalf("%s: files: %v", ex.dir, paths(res))
		}
		for _, f := range res.Files {
			p := filepath.Join(ex.dir, filepath.FromSlash(f.Path))
			if *update {
				if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, f.Data, 0o666); err != nil {
					t.Fatal(err)
				}
				continue
			}
			old, err := os.ReadFile(p)
			if err != nil {
				t.Fatalf("%v (run go test ./generator/driver -update)", err)
			}
			if !bytes.Equal(old, f.Data) {
				t.Errorf("%s is stale: run go test ./generator/driver -run TestExampleUpToDate -update\ngenerated:\n%s", p, f.Data)
			}
		}
	}
}

func paths(r *driver.Result) []string {
	var ps []string
	for _, f := range r.Files {
		ps = append(ps, f.Path)
	}
	return ps
}

// writeTree writes files (name -> content) into a new temporary
// directory and returns it.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestDeterministic generates the example in two directories and
// compares the outputs byte for byte.
func TestDeterministic(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(exampleDir, "heat.f90"))
	if err != nil {
		t.Fatal(err)
	}
	spec, err := os.ReadFile(filepath.Join(exampleDir, "spec.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var outs [][]driver.Output
	for _, sub := range []string{"a", "b/c/d"} {
		dir := writeTree(t, map[string]string{sub + "/heat.f90": string(src), sub + "/spec.yaml": string(spec)})
		res, err := driver.Generate(filepath.Join(dir, sub, "spec.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range res.Files {
			if bytes.Contains(f.Data, []byte(dir)) {
				t.Errorf("%s holds the directory %s", f.Path, dir)
			}
		}
		outs = append(outs, res.Files)
	}
	if len(outs[0]) != len(outs[1]) {
		t.Fatalf("different file counts")
	}
	for i := range outs[0] {
		if outs[0][i].Path != outs[1][i].Path || !bytes.Equal(outs[0][i].Data, outs[1][i].Data) {
			t.Errorf("run 1 and 2 differ on %s", outs[0][i].Path)
		}
	}
}

const goodSrc = `subroutine f(x, n, y, w)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x
  real(8), intent(out) :: y
  real(8), intent(inout) :: w
  y = x**n + w
  w = 2*w
end subroutine f

function g(x)
  real(8) :: x, g
  g = x*x
end function g

subroutine s(u)
  real(8), intent(inout) :: u(3)
  u = u*u
end subroutine s

module m
  real(8) :: mv
contains
  subroutine ms(a, b)
    real(8), intent(in) :: a
    real(8), intent(out) :: b
    b = sin(a)
  end subroutine ms
end module m
`

// TestErrorsAllAtOnce checks that the names of every target are
// resolved before generation stops, with suggestions, and together with
// the settings fadj does not implement yet.
func TestErrorsAllAtOnce(t *testing.T) {
	spec := `version: 1
sources: [f.f90]
output: {dir: ad}
targets:
  - {routine: heat, independents: [tmep], dependents: [cost]}
  - {routine: haet, independents: [temp], dependents: [cost]}
  - {routine: heat2, independents: [temp], dependents: [cots], strategy: recompute}
`
	src := `subroutine heat(temp, cost)
  real(8), intent(in) :: temp
  real(8), intent(out) :: cost
  cost = temp**2
end subroutine heat
subroutine heat2(temp, cost)
  real(8), intent(in) :: temp
  real(8), intent(out) :: cost
  cost = temp**3
end subroutine heat2
`
	dir := writeTree(t, map[string]string{"spec.yaml": spec, "f.f90": src})
	_, err := driver.Generate(filepath.Join(dir, "spec.yaml"))
	var b strings.Builder
	diag.Print(&b, err, 0)
	got := strings.ReplaceAll(b.String(), dir+string(filepath.Separator), "")
	want := `spec.yaml:5:36: unknown variable 'tmep' in routine 'heat' (did you mean 'temp'?)
spec.yaml:6:15: unknown routine 'haet' (did you mean 'heat'?)
spec.yaml:7:57: unknown variable 'cots' in routine 'heat2' (did you mean 'cost'?)
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestErrors(t *testing.T) {
	spec := func(target string) string {
		return "version: 1\nsources: [f.f90]\noutput: {dir: ad}\ntargets:\n" + target
	}
	cases := []struct {
		name, spec, src, want string
	}{
		{"unknown routine", spec("  - {routine: foo, mode: tangent, independents: [x], dependents: [y]}\n"), goodSrc,
			"spec.yaml:5:15: unknown routine 'foo'"},
		{"unknown module routine", spec("  - {routine: 'm::zz', mode: tangent, independents: [x], dependents: [y]}\n"), goodSrc,
			"spec.yaml:5:15: unknown routine 'zz' in module 'm'"},
		{"not a procedure", spec("  - {routine: 'm::mv', mode: tangent, independents: [x], dependents: [y]}\n"), goodSrc,
			"spec.yaml:5:15: 'm::mv' is a variable, not a procedure"},
		{"unknown variable", spec("  - {routine: f, mode: tangent, independents: [z], dependents: [y]}\n"), goodSrc,
			"spec.yaml:5:48: unknown variable 'z' in routine 'f'"},
		{"independent intent out", spec("  - {routine: f, mode: tangent, independents: [y], dependents: [y]}\n"), goodSrc,
			"spec.yaml:5:48: independent 'y' is intent(out)"},
		{"dependent intent in", spec("  - {routine: f, mode: tangent, independents: [x], dependents: [x]}\n"), goodSrc,
			"spec.yaml:5:65: dependent 'x' is intent(in)"},
		{"integer independent", spec("  - {routine: f, mode: tangent, independents: [n], dependents: [y]}\n"), goodSrc,
			"spec.yaml:5:48: independent 'n' is integer: only real and complex variables can be differentiated"},
		{"component", spec("  - {routine: f, mode: tangent, independents: ['x%a'], dependents: [y]}\n"), goodSrc,
			"spec.yaml:5:48: independent 'x%a': 'x' is not of a derived type"},
		{"strategy override naming no adjoint", spec("  - {routine: f, independents: [x], dependents: [y], strategy_overrides: {g: recompute}}\n"), goodSrc,
			"spec.yaml:5:75: strategy_overrides: 'g' is not a routine whose adjoint the adjoint of 'f' needs (not called from it, or without derivatives)"},
		{"call override naming no adjoint", spec("  - {routine: f, independents: [x], dependents: [y], call_overrides: {g: split}}\n"), goodSrc,
			"spec.yaml:5:71: call_overrides: 'g' is not a routine whose adjoint the adjoint of 'f' needs (not called from it, or without derivatives)"},
		{"fixed point naming no loop", spec("  - {routine: f, independents: [x], dependents: [y], fixed_point: [{loop: it, tolerance: 1.0e-8}]}\n"), goodSrc,
			"spec.yaml:5:75: fixed_point: no DO loop 'it' in the sources"},
		{"section of a scalar", spec("  - {routine: f, mode: tangent, independents: ['x(1:2)'], dependents: [y]}\n"), goodSrc,
			"spec.yaml:5:48: independent 'x(1:2)' has subscripts, but 'x' is not an array"},
		{"misspelt routine", spec("  - {routine: 'm::mss', mode: tangent, independents: [a], dependents: [b]}\n"), goodSrc,
			"spec.yaml:5:15: unknown routine 'mss' in module 'm' (did you mean 'ms'?)"},
		{"syntax error", spec("  - {routine: f, mode: tangent, independents: [x], dependents: [y]}\n"), "subroutine f(x\nend\n",
			"f.f90:1:15: expected ')', found end of statement"},
		{"bad key", "version: 1\nsources: [f.f90]\noutput: {dir: ad}\ntargest: []\n", goodSrc,
			"spec.yaml:4:1: unknown key 'targest' at the top level (did you mean 'targets'?)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := writeTree(t, map[string]string{"spec.yaml": c.spec, "f.f90": c.src})
			_, err := driver.Generate(filepath.Join(dir, "spec.yaml"))
			if err == nil {
				t.Fatalf("no error")
			}
			got := strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), "")
			if i := strings.Index(got, " (and "); i >= 0 {
				got = got[:i]
			}
			if got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

// TestHeatTangentFD compiles the example's tangent with the original
// and a driver and compares it with central finite differences.
func TestHeatTangentFD(t *testing.T) {
	gf := gfortrantest.Require(t)
	res, err := driver.Generate(filepath.Join(exampleDir, "spec.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(exampleDir, "heat.f90"))
	if err != nil {
		t.Fatal(err)
	}
	dir := writeTree(t, map[string]string{
		"heat.f90":   string(src),
		"heat_d.f90": string(res.Files[0].Data),
		"driver.f90": fdDriver,
	})
	c := &gfortran.Compiler{Path: gf}
	if err := c.Build(dir, "driver", "heat.f90", "heat_d.f90", "driver.f90"); err != nil {
		t.Fatal(err)
	}
	out, err := gfortran.Run(dir, "./driver", 30*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	fields := strings.Fields(string(out))
	if len(fields) != 2 {
		t.Fatalf("driver printed %q", out)
	}
	var v [2]float64
	for i, f := range fields {
		if v[i], err = strconv.ParseFloat(f, 64); err != nil {
			t.Fatal(err)
		}
	}
	tan, fd := v[0], v[1]
	if rel := math.Abs(tan-fd) / math.Max(math.Abs(fd), 1e-300); rel > 1e-6 || tan == 0 {
		t.Errorf("tangent %g, finite differences %g (relative error %g)", tan, fd, rel)
	} else {
		t.Log(fmt.Sprintf("tangent %.15g fd %.15g", tan, fd))
	}
}

const fdDriver = `program driver
  implicit none
  integer, parameter :: n = 20, nsteps = 30
  real(8) :: u0(n), u0_d(n), r, r_d, cost, cost_d, cp, cm, h
  integer :: i
  do i = 1, n
    u0(i) = sin(3.0d0 * dble(i - 1) / dble(n - 1)) + 0.1d0 * dble(i)
    u0_d(i) = cos(dble(i))
  end do
  r = 0.23d0
  r_d = 0.7d0
  call heat_d(u0, u0_d, n, nsteps, r, r_d, cost, cost_d)
  h = 1.0d-6
  call heat(u0 + h*u0_d, n, nsteps, r + h*r_d, cp)
  call heat(u0 - h*u0_d, n, nsteps, r - h*r_d, cm)
  write (*, '(2es25.16)') cost_d, (cp - cm) / (2*h)
end program driver
`

// TestModuleAndShared covers a module-qualified target (its file name
// and module) and two targets sharing a callee.
func TestModuleAndShared(t *testing.T) {
	src := `module m
contains
  subroutine ms(a, b)
    real(8), intent(in) :: a
    real(8), intent(out) :: b
    b = sin(a)
  end subroutine ms
  subroutine mt(a, b)
    real(8), intent(in) :: a
    real(8), intent(out) :: b
    call ms(a, b)
    b = b*a
  end subroutine mt
end module m

subroutine h(a, b)
  real(8), intent(in) :: a
  real(8), intent(out) :: b
  b = a*a
end subroutine h

subroutine p(a, b)
  real(8), intent(in) :: a
  real(8), intent(out) :: b
  call h(a, b)
end subroutine p

subroutine q(a, b)
  real(8), intent(in) :: a
  real(8), intent(out) :: b
  call h(2*a, b)
end subroutine q

subroutine h2(a, c, b)
  real(8), intent(in) :: a, c
  real(8), intent(out) :: b
  b = a*c
end subroutine h2

subroutine p2(a, b)
  real(8), intent(in) :: a
  real(8), intent(out) :: b
  call h2(a, a, b)
end subroutine p2

subroutine q2(a, b)
  real(8), intent(in) :: a
  real(8), intent(out) :: b
  call h2(a, 2d0, b)
end subroutine q2
`
	head := "version: 1\nsources: [f.f90]\noutput: {dir: ad, tangent_suffix: _t}\ntargets:\n"
	dir := writeTree(t, map[string]string{"f.f90": src, "spec.yaml": head +
		"  - {routine: 'M::MS', mode: tangent, independents: [a], dependents: [b]}\n" +
		"  - {routine: p, mode: tangent, independents: [a], dependents: [b]}\n"})
	res, err := driver.Generate(filepath.Join(dir, "spec.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(paths(res), " "); got != "ad/m_ms_t.f90 ad/p_t.f90" {
		t.Fatalf("files: %s", got)
	}
	if !bytes.Contains(res.Files[0].Data, []byte("module m_t")) || !bytes.Contains(res.Files[1].Data, []byte("subroutine h_t(")) {
		t.Errorf("outputs:\n%s\n%s", res.Files[0].Data, res.Files[1].Data)
	}

	// Two module procedures of one module share its derivative module,
	// written in the first target's file.
	dir = writeTree(t, map[string]string{"f.f90": src, "spec.yaml": head +
		"  - {routine: 'm::ms', mode: tangent, independents: [a], dependents: [b]}\n" +
		"  - {routine: 'm::mt', mode: tangent, independents: [a], dependents: [b]}\n"})
	res, err = driver.Generate(filepath.Join(dir, "spec.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(paths(res), " "); got != "ad/m_ms_t.f90 ad/m_mt_t.f90" {
		t.Fatalf("files: %s", got)
	}
	if bytes.Count(res.Files[0].Data, []byte("subroutine ms_t(")) != 1 || !bytes.Contains(res.Files[0].Data, []byte("subroutine mt_t(")) ||
		bytes.Contains(res.Files[1].Data, []byte("module")) {
		t.Errorf("one module m_t with ms_t and mt_t expected:\n%s\n%s", res.Files[0].Data, res.Files[1].Data)
	}

	// Two targets calling one callee with the same activity share its
	// derivative: the first target's file has it.
	dir = writeTree(t, map[string]string{"f.f90": src, "spec.yaml": head +
		"  - {routine: p, mode: tangent, independents: [a], dependents: [b]}\n" +
		"  - {routine: q, mode: tangent, independents: [a], dependents: [b]}\n"})
	res, err = driver.Generate(filepath.Join(dir, "spec.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Count(res.Files[0].Data, []byte("subroutine h_t(")) != 1 || bytes.Contains(res.Files[1].Data, []byte("subroutine h_t(")) {
		t.Errorf("h_t should be in p_t.f90 only:\n%s\n%s", res.Files[0].Data, res.Files[1].Data)
	}

	// With different activities the later target gets its version of
	// the callee under a name of its own.
	dir = writeTree(t, map[string]string{"f.f90": src, "spec.yaml": head +
		"  - {routine: p2, mode: tangent, independents: [a], dependents: [b]}\n" +
		"  - {routine: q2, mode: tangent, independents: [a], dependents: [b]}\n"})
	res, err = driver.Generate(filepath.Join(dir, "spec.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	p2, q2 := string(res.Files[0].Data), string(res.Files[1].Data)
	if !strings.Contains(p2, "subroutine h2_t(a, a_t, c, c_t, b, b_t)") || !strings.Contains(q2, "subroutine h2_t2(a, a_t, c, b, b_t)") ||
		!strings.Contains(q2, "call h2_t2(") || strings.Contains(q2, "h2_t(") {
		t.Errorf("h2_t in p2_t.f90, h2_t2 in q2_t.f90 expected:\n%s\n%s", p2, q2)
	}

	// The target's own derivative keeps its name: h2 as a target with c
	// passive, after p2 calling it with c active, is an error.
	dir = writeTree(t, map[string]string{"f.f90": src, "spec.yaml": head +
		"  - {routine: p2, mode: tangent, independents: [a], dependents: [b]}\n" +
		"  - {routine: h2, mode: tangent, independents: [a], dependents: [b]}\n"})
	_, err = driver.Generate(filepath.Join(dir, "spec.yaml"))
	want := "spec.yaml:6:15: not supported yet: target 'h2' needs a version of 'h2_t' other than the one an earlier target of the spec generates; differentiate them in separate specs"
	if err == nil || strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), "") != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

// TestReverseFiles checks that reverse and both targets write the adjoint
// file, the tangent file for both, and the runtime module once.
func TestReverseFiles(t *testing.T) {
	spec := "version: 1\nsources: [f.f90]\noutput: {dir: ad}\ntargets:\n" +
		"  - {routine: f, mode: both, independents: [x, w], dependents: [y, w]}\n"
	dir := writeTree(t, map[string]string{"spec.yaml": spec, "f.f90": goodSrc})
	res, err := driver.Generate(filepath.Join(dir, "spec.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(paths(res), " "), "ad/f_b.f90 ad/f_d.f90 ad/fadj_runtime.f90"; got != want {
		t.Fatalf("files %s, want %s", got, want)
	}
	if !strings.Contains(string(res.Files[0].Data), "subroutine f_b(x, x_b, n, y, y_b, w, w_b)") {
		t.Errorf("f_b.f90:\n%s", res.Files[0].Data)
	}
	if !strings.Contains(string(res.Files[2].Data), "module fadj_runtime") {
		t.Errorf("runtime module missing")
	}

	// A function target: the adjoint of its result is the last argument.
	spec = "version: 1\nsources: [f.f90]\noutput: {dir: ad}\ntargets:\n" +
		"  - {routine: g, independents: [x], dependents: [g]}\n"
	dir = writeTree(t, map[string]string{"spec.yaml": spec, "f.f90": goodSrc})
	res, err = driver.Generate(filepath.Join(dir, "spec.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(paths(res), " "); got != "ad/fadj_runtime.f90 ad/g_b.f90" {
		t.Fatalf("files %s", got)
	}
	if !strings.Contains(string(res.Files[1].Data), "subroutine g_b(x, x_b, fadj_result_b)") {
		t.Errorf("g_b.f90:\n%s", res.Files[1].Data)
	}
}

// TestHeatBothDotProduct generates the heat example with mode: both,
// compiles the tangent, the adjoint and the runtime module the driver
// writes, and checks <J ud, 1> (tangent) = <ud, J^T 1> (adjoint).
func TestHeatBothDotProduct(t *testing.T) {
	gf := gfortrantest.Require(t)
	src, err := os.ReadFile(filepath.Join(exampleDir, "heat.f90"))
	if err != nil {
		t.Fatal(err)
	}
	spec := "version: 1\nsources: [heat.f90]\noutput: {dir: ad, runtime: my_tape}\ntargets:\n" +
		"  - {routine: heat, mode: both, independents: [u0, r], dependents: [cost]}\n"
	dir := writeTree(t, map[string]string{"spec.yaml": spec, "heat.f90": string(src)})
	res, err := driver.Generate(filepath.Join(dir, "spec.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(paths(res), " "); got != "ad/heat_b.f90 ad/heat_d.f90 ad/my_tape.f90" {
		t.Fatalf("files: %s", got)
	}
	files := map[string]string{"heat.f90": string(src), "driver.f90": dotDriver}
	for _, f := range res.Files {
		files[filepath.Base(f.Path)] = string(f.Data)
	}
	dir = writeTree(t, files)
	c := &gfortran.Compiler{Path: gf}
	if err := c.Build(dir, "driver", "my_tape.f90", "heat.f90", "heat_d.f90", "heat_b.f90", "driver.f90"); err != nil {
		t.Fatal(err)
	}
	out, err := gfortran.Run(dir, "./driver", 30*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	fields := strings.Fields(string(out))
	if len(fields) != 3 || fields[2] != "T" {
		t.Fatalf("driver printed %q", out)
	}
	var v [2]float64
	for i, f := range fields[:2] {
		if v[i], err = strconv.ParseFloat(f, 64); err != nil {
			t.Fatal(err)
		}
	}
	if rel := math.Abs(v[0]-v[1]) / math.Max(math.Abs(v[0]), 1e-300); rel > 1e-12 || v[0] == 0 {
		t.Errorf("tangent %g, adjoint %g (relative error %g)", v[0], v[1], rel)
	}
}

const dotDriver = `program driver
  use my_tape
  implicit none
  integer, parameter :: n = 20, nsteps = 30
  real(8) :: u0(n), u0_d(n), u0_b(n), r, r_d, r_b, cost, cost_d, cost_b
  integer :: i
  do i = 1, n
    u0(i) = sin(3.0d0 * dble(i - 1) / dble(n - 1)) + 0.1d0 * dble(i)
    u0_d(i) = cos(dble(i))
  end do
  r = 0.23d0
  r_d = 0.7d0
  call heat_d(u0, u0_d, n, nsteps, r, r_d, cost, cost_d)
  u0_b = 0
  r_b = 0
  cost_b = 1
  call heat_b(u0, u0_b, n, nsteps, r, r_b, cost, cost_b)
  write (*, '(2es25.16,l2)') cost_d, sum(u0_b*u0_d) + r_b*r_d, fadj_tape_empty()
end program driver
`
