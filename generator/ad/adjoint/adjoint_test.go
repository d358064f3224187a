package adjoint_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fadj-dev/fadj/generator/ad/adjoint"
	"github.com/fadj-dev/fadj/generator/ad/tangent"
	"github.com/fadj-dev/fadj/generator/analysis"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/analysis/tbr"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/gfortran"
	"github.com/fadj-dev/fadj/generator/gfortran/gfortrantest"
	"github.com/fadj-dev/fadj/generator/load"
	"github.com/fadj-dev/fadj/generator/plan"
)

type param struct {
	name  string
	int   int
	real  bool
	shape []int
}

func ival(name string, v int) param        { return param{name: name, int: v} }
func rval(name string, shape ...int) param { return param{name: name, real: true, shape: shape} }
func (p param) decl(name string) string {
	if len(p.shape) == 0 {
		return name
	}
	var s []string
	for _, n := range p.shape {
		s = append(s, strconv.Itoa(n))
	}
	return name + "(" + strings.Join(s, ",") + ")"
}

type kernel struct {
	name    string
	fixed   bool
	src     string
	routine string
	params  []param
	ins     []string
	outs    []string
}

func loadSrc(t testing.TB, name, src string) *load.Program {
	t.Helper()
	text := strings.TrimLeft(src, "\n")
	prog, err := load.Files([]string{name}, load.Config{ReadFile: func(string) ([]byte, error) { return []byte(text), nil }})
	if err != nil {
		var sb strings.Builder
		diag.Print(&sb, err, 0)
		t.Fatalf("load: %s", sb.String())
	}
	return prog
}

// generate returns the tangent and adjoint files of routine (adjoint with
// TBR).
func generate(t testing.TB, prog *load.Program, routine string, ins, outs []string) (*ast.File, *ast.File, error) {
	t.Helper()
	return generateConf(t, prog, routine, ins, outs, adjoint.Config{})
}

// generateConf is generate with adjoint configuration conf.
func generateConf(t testing.TB, prog *load.Program, routine string, ins, outs []string, conf adjoint.Config) (*ast.File, *ast.File, error) {
	t.Helper()
	tf, af, _, err := generateRec(t, prog, routine, ins, outs, conf)
	return tf, af, err
}

// analyses are the results generateRec ran the generators on.
type analyses struct {
	act *activity.Result
	rec *tbr.Result
}

// generateRec is generateConf, with the analyses' results.
func generateRec(t testing.TB, prog *load.Program, routine string, ins, outs []string, conf adjoint.Config) (*ast.File, *ast.File, *analyses, error) {
	t.Helper()
	proc := prog.Info.Global.Lookup(routine)
	if proc == nil || proc.Inner == nil {
		t.Fatalf("no routine %s", routine)
	}
	target := &analysis.Target{Routine: proc}
	for _, n := range ins {
		target.Independents = append(target.Independents, proc.Inner.Lookup(n))
	}
	for _, n := range outs {
		target.Dependents = append(target.Dependents, proc.Inner.Lookup(n))
	}
	switch conf.Plan {
	case splitAll:
		conf.Plan = plan.Uniform(prog, proc, plan.Reversal{Mode: plan.Split})
	case eagerAll:
		conf.Plan = plan.Uniform(prog, proc, plan.Reversal{Mode: plan.Joint, Snapshots: plan.Eager})
	case autoAll:
		conf.Plan = plan.Uniform(prog, proc, plan.Reversal{Mode: plan.Joint, Snapshots: plan.Auto})
	}
	// The TBR analysis reads the plan, as the driver does.
	tbrA := tbr.New("tbr", tbr.Config{Plan: conf.Plan})
	res, err := analysis.Run(prog, target, activity.Analyzer, tbrA)
	if err := analysis.Errors(err); err != nil {
		t.Fatalf("analysis: %v", err)
	}
	act, _ := res[activity.Analyzer].(*activity.Result)
	rec, _ := res[tbrA].(*tbr.Result)
	if act == nil {
		t.Fatalf("no activity result")
	}
	tf, err := tangent.Generate(prog, act, tangent.Config{})
	if err != nil {
		t.Fatalf("tangent: %v", err)
	}
	af, err := adjoint.Generate(prog, act, rec, conf)
	return tf, af, &analyses{act, rec}, err
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// driver writes a program printing the relative error of the dot-product
// test <J xd, yb> = <xd, J^T yb>, the relative error of <xd, J^T yb>
// against central finite differences of F = <y(x), yb> along xd, and
// whether the tape is empty after the adjoint.
func driver(k kernel) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	w("program driver")
	w("  use fadj_runtime")
	w("  implicit none")
	w("  integer :: zz_n")
	w("  integer, allocatable :: zz_seed(:)")
	w("  real(8), parameter :: zz_h = 1.0d-6")
	w("  real(8) :: zz_lhs, zz_rhs, zz_fp, zz_fm, zz_fd")
	for _, p := range k.params {
		if p.real {
			w("  real(8) :: %s, %s, %s, %s, %s, %s", p.decl(p.name), p.decl(p.name+"_d"), p.decl(p.name+"_b"), p.decl("zz_"+p.name+"0"),
				p.decl("zz_"+p.name+"dir"), p.decl("zz_"+p.name+"yb"))
		} else {
			w("  integer :: %s", p.name)
		}
	}
	w("  call random_seed(size=zz_n)")
	w("  allocate(zz_seed(zz_n))")
	w("  zz_seed = 20261126")
	w("  call random_seed(put=zz_seed)")
	for _, p := range k.params {
		if p.real {
			w("  call random_number(zz_%s0)", p.name)
			w("  zz_%s0 = 0.5d0 + zz_%s0", p.name, p.name)
			w("  call random_number(zz_%sdir)", p.name)
			w("  zz_%sdir = 2*zz_%sdir - 1", p.name, p.name)
			w("  call random_number(zz_%syb)", p.name)
			w("  zz_%syb = 2*zz_%syb - 1", p.name, p.name)
		}
	}
	var args, targs, bargs []string
	for _, p := range k.params {
		args = append(args, p.name)
		targs = append(targs, p.name)
		bargs = append(bargs, p.name)
		if contains(k.ins, p.name) || contains(k.outs, p.name) {
			targs = append(targs, p.name+"_d")
			bargs = append(bargs, p.name+"_b")
		}
	}
	set := func(sign string) {
		for _, p := range k.params {
			if !p.real {
				w("  %s = %d", p.name, p.int)
				continue
			}
			if sign != "" && contains(k.ins, p.name) {
				w("  %s = zz_%s0 %s zz_h*zz_%sdir", p.name, p.name, sign, p.name)
			} else {
				w("  %s = zz_%s0", p.name, p.name)
			}
		}
	}
	sum := func(p param) string {
		if len(p.shape) == 0 {
			return ""
		}
		return "sum"
	}
	// Tangent.
	set("")
	for _, p := range k.params {
		if contains(k.ins, p.name) {
			w("  %s_d = zz_%sdir", p.name, p.name)
		} else if contains(k.outs, p.name) {
			w("  %s_d = 0", p.name)
		}
	}
	w("  call %s_d(%s)", k.routine, strings.Join(targs, ", "))
	w("  zz_lhs = 0")
	for _, p := range k.params {
		if contains(k.outs, p.name) {
			w("  zz_lhs = zz_lhs + %s(%s_d*zz_%syb)", sum(p), p.name, p.name)
		}
	}
	// Adjoint.
	set("")
	for _, p := range k.params {
		if contains(k.outs, p.name) {
			w("  %s_b = zz_%syb", p.name, p.name)
		} else if contains(k.ins, p.name) {
			w("  %s_b = 0", p.name)
		}
	}
	w("  call %s_b(%s)", k.routine, strings.Join(bargs, ", "))
	w("  zz_rhs = 0")
	for _, p := range k.params {
		if contains(k.ins, p.name) {
			w("  zz_rhs = zz_rhs + %s(%s_b*zz_%sdir)", sum(p), p.name, p.name)
		}
	}
	// Finite differences.
	for i, sign := range []string{"+", "-"} {
		set(sign)
		w("  call %s(%s)", k.routine, strings.Join(args, ", "))
		f := []string{"zz_fp", "zz_fm"}[i]
		w("  %s = 0", f)
		for _, p := range k.params {
			if contains(k.outs, p.name) {
				w("  %s = %s + %s(%s*zz_%syb)", f, f, sum(p), p.name, p.name)
			}
		}
	}
	w("  zz_fd = (zz_fp - zz_fm)/(2*zz_h)")
	w("  print '(es24.16)', abs(zz_lhs - zz_rhs)/max(abs(zz_lhs), 1.0d-300)")
	w("  print '(es24.16)', abs(zz_rhs - zz_fd)/max(abs(zz_fd), 1.0d-300)")
	w("  print '(l1)', fadj_tape_empty()")
	w("  print '(i0)', fadj_tape_peak_bytes()")
	w("  print '(es24.16)', zz_rhs")
	w("  print '(l1)', fadj_snap_bytes() == 0")
	w("end program")
	return b.String()
}

type result struct {
	dot, fd float64
	empty   bool
	peak    int64   // fadj_tape_peak_bytes() (the tangent pushes nothing)
	rhs     float64 // <x_b, direction>: compared across recording options
	code    string
}

func run(t *testing.T, gf string, k kernel) result {
	t.Helper()
	return runConf(t, gf, k, adjoint.Config{})
}

func runConf(t *testing.T, gf string, k kernel, conf adjoint.Config) result {
	t.Helper()
	ts, as := generateCode(t, k, conf)
	return buildAndRun(t, gf, k, ts, as)
}

// generateCode returns kernel k's tangent and adjoint code.
func generateCode(t *testing.T, k kernel, conf adjoint.Config) (tangent, adj string) {
	t.Helper()
	prog := loadSrc(t, "kernel"+kernelExt(k), k.src)
	tf, af, err := generateConf(t, prog, k.routine, k.ins, k.outs, conf)
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	var ts, as strings.Builder
	if err := printer.Fprint(&ts, tf); err != nil {
		t.Fatalf("print: %v", err)
	}
	if err := printer.Fprint(&as, af); err != nil {
		t.Fatalf("print: %v", err)
	}
	return ts.String(), as.String()
}

func kernelExt(k kernel) string {
	if k.fixed {
		return ".f"
	}
	return ".f90"
}

// buildAndRun compiles kernel k with its tangent and adjoint code and
// the driver, and runs it.
func buildAndRun(t *testing.T, gf string, k kernel, tangent, adj string) result {
	t.Helper()
	ext := kernelExt(k)
	t.Logf("adjoint code:\n%s", adj)
	dir := t.TempDir()
	if d := os.Getenv("FADJ_KEEP"); d != "" {
		dir = d
	}
	// One compile unit includes the free-form files: gfortran starts
	// once for them, not once a file.
	files := map[string]string{
		"kernel" + ext: strings.TrimLeft(k.src, "\n"),
		"tangent.f90":  tangent,
		"adjoint.f90":  adj,
		"driver.f90":   driver(k),
		"unit.f90":     "include 'tangent.f90'\ninclude 'adjoint.f90'\ninclude 'driver.f90'\n",
	}
	for n, s := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	flags := []string{"-O0", "-ffree-line-length-none"}
	if k.fixed {
		flags = append(flags, "-std=legacy")
	}
	rtObj, rtDir := runtimeObject(t, gf)
	c := &gfortran.Compiler{Path: gf, Flags: append(flags, "-I"+rtDir)}
	if err := c.Build(dir, "driver", rtObj, "kernel"+ext, "unit.f90"); err != nil {
		t.Fatalf("build: %v\ndriver:\n%s", err, files["driver.f90"])
	}
	out, err := gfortran.Run(dir, "./driver", 60*time.Second)
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	lines := strings.Fields(string(out))
	if len(lines) != 6 {
		t.Fatalf("driver output %q", out)
	}
	var r result
	r.dot, err = strconv.ParseFloat(lines[0], 64)
	if err != nil {
		t.Fatalf("driver output %q: %v", out, err)
	}
	r.fd, err = strconv.ParseFloat(lines[1], 64)
	if err != nil {
		t.Fatalf("driver output %q: %v", out, err)
	}
	r.empty = lines[2] == "T"
	r.peak, err = strconv.ParseInt(lines[3], 10, 64)
	if err != nil {
		t.Fatalf("driver output %q: %v", out, err)
	}
	r.rhs, err = strconv.ParseFloat(lines[4], 64)
	if err != nil {
		t.Fatalf("driver output %q: %v", out, err)
	}
	r.empty = r.empty && lines[5] == "T"
	r.code = adj
	return r
}

// splitAll, eagerAll and autoAll mark configurations reversing every
// call in split mode, or jointly with eager or auto snapshots
// (generateConf builds the plan of the program).
var splitAll, eagerAll, autoAll = new(plan.Plan), new(plan.Plan), new(plan.Plan)

// modes are the ways the kernels are differentiated and run: calls
// jointly with lazy snapshots (tbr), with store-all recording, split, and
// (for kernels with calls) with eager and auto snapshots.
var modes = []struct {
	name      string
	conf      adjoint.Config
	callsOnly bool
}{{"tbr", adjoint.Config{}, false}, {"storeall", adjoint.Config{StoreAll: true}, false},
	{"split", adjoint.Config{Plan: splitAll}, false},
	{"eager", adjoint.Config{Plan: eagerAll}, true}, {"auto", adjoint.Config{Plan: autoAll}, true}}

// results caches runs by kernel and generated code: TestTapeTBRvsStoreAll
// reads those of TestDotProductAndFiniteDifferences instead of building
// the kernels again, and a mode generating the code another mode did
// (split or eager snapshots of a kernel whose calls are all passive, say)
// reuses that mode's run: the same code gives the same numbers.
var results sync.Map // kernel name + "\x00" + tangent + adjoint code -> *cachedRun

type cachedRun struct {
	once sync.Once
	r    result
	err  string // why the run failed; "" if it did not
}

// cachedRunConf is runConf, once per kernel and generated code in the
// test binary.
func cachedRunConf(t *testing.T, gf string, k kernel, mode string, conf adjoint.Config) result {
	t.Helper()
	ts, as := generateCode(t, k, conf)
	v, _ := results.LoadOrStore(k.name+"\x00"+ts+"\x00"+as, &cachedRun{})
	c := v.(*cachedRun)
	ran := false
	c.once.Do(func() {
		ran = true
		c.err = "the run failed (see the first test that ran it)"
		c.r = buildAndRun(t, gf, k, ts, as)
		c.err = ""
	})
	if c.err != "" {
		t.Fatal(c.err)
	}
	if !ran {
		t.Logf("%s (%s): the code of an earlier run, not run again", k.name, mode)
	}
	return c.r
}

func TestDotProductAndFiniteDifferences(t *testing.T) {
	gf := gfortrantest.Require(t)
	for _, mode := range modes {
		if mode.name == "storeall" && !longTests() {
			continue // with TestTapeTBRvsStoreAll, in the long tests
		}
		for i, k := range kernels {
			if mode.callsOnly && !hasCalls(k) || mode.name == "split" && !sampled(i, 2) {
				continue
			}
			t.Run(mode.name+"/"+k.name, func(t *testing.T) {
				t.Parallel()
				r := cachedRunConf(t, gf, k, mode.name, mode.conf)
				if mode.callsOnly {
					// Another snapshot option: the same gradient as lazy's.
					lazy := cachedRunConf(t, gf, k, "tbr", adjoint.Config{})
					if d := math.Abs(r.rhs - lazy.rhs); !(d <= 1e-12*math.Max(math.Abs(lazy.rhs), 1e-300)) {
						t.Errorf("%s: <x_b, dir> = %.17g with %s snapshots, %.17g with lazy ones", k.name, r.rhs, mode.name, lazy.rhs)
					}
				}
				t.Logf("%s (%s): dot-product relative error %.3e, FD relative error %.3e", k.name, mode.name, r.dot, r.fd)
				if !(r.dot <= 1e-12) || math.IsNaN(r.dot) {
					t.Errorf("%s: dot-product test relative error %.3e > 1e-12", k.name, r.dot)
				}
				if !(r.fd <= 1e-6) || math.IsNaN(r.fd) {
					t.Errorf("%s: adjoint vs central FD relative error %.3e > 1e-6", k.name, r.fd)
				}
				if !r.empty {
					t.Errorf("%s: tape not empty after the adjoint", k.name)
				}
			})
		}
	}
}

// repushes are the kernels whose TBR peak may exceed store-all's (see
// TestTapeTBRvsStoreAll).
var repushes = map[string]bool{"internalcallee": true}

// TestTapeTBRvsStoreAll compares the peak tape size (the runtime's
// fadj_tape_peak_bytes()) of each kernel's adjoint with TBR and with
// store-all recording.
func TestTapeTBRvsStoreAll(t *testing.T) {
	if !longTests() {
		t.Skip("the store-all runs are long tests: FADJ_LONG_TESTS=1")
	}
	gf := gfortrantest.Require(t)
	var rows []string
	for _, k := range kernels {
		var tb, sa result
		ok := t.Run(k.name, func(t *testing.T) {
			tb = cachedRunConf(t, gf, k, "tbr", adjoint.Config{})
			sa = cachedRunConf(t, gf, k, "storeall", adjoint.Config{StoreAll: true})
			// With TBR a joint call's recorded arguments go back on the
			// tape before the callee's adjoint re-runs it (which pushes on
			// top); store-all needs no re-push. In a tiny kernel made of
			// calls that can make TBR's peak the larger.
			if tb.peak > sa.peak && !repushes[k.name] {
				t.Errorf("%s: peak tape bytes with TBR %d > store-all %d", k.name, tb.peak, sa.peak)
			}
		})
		if !ok || sa.peak == 0 {
			continue // failed, or no tape at all
		}
		rows = append(rows, fmt.Sprintf("%-14s %14d %18d %8.3f", k.name, tb.peak, sa.peak, float64(tb.peak)/float64(sa.peak)))
	}
	t.Logf("peak tape bytes\n%-14s %14s %18s %8s\n%s", "kernel", "TBR", "store-all", "ratio", strings.Join(rows, "\n"))
}

// hasCalls reports whether kernel k calls a routine of its own.
func hasCalls(k kernel) bool {
	for _, line := range strings.Split(strings.ToLower(k.src), "\n") {
		if f := strings.Fields(line); len(f) > 1 && (f[0] == "call" || len(f) > 2 && f[1] == "call") {
			return true
		}
	}
	return false
}

// longTests reports whether FADJ_LONG_TESTS=1 asks for the tests kept
// out of go test ./... for its time (.ci/run runs them).
func longTests() bool { return os.Getenv("FADJ_LONG_TESTS") == "1" }

// sampled reports whether case i of a table of gfortran runs runs in
// go test ./...: every n-th does, and all do in the long tests, which
// keeps go test ./... within its 4 minutes on two cores.
func sampled(i, n int) bool { return longTests() || i%n == 0 }
