// Package check implements fadj check: it compiles the code a spec
// generates together with the original sources and a generated Fortran
// driver program, runs it at random points, and compares the derivatives
// with central finite differences (and, for adjoints, runs the
// dot-product test). The command itself lives in generator/cli.
package check

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/bind"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/driver"
	"github.com/fadj-dev/fadj/generator/gfortran"
	"github.com/fadj-dev/fadj/generator/load"
)

// DefaultInt is the value given to every integer scalar argument of a
// target (array sizes, step counts) that check.inputs does not set.
const DefaultInt = 10

// RunLimit is how long one compiled check program may run.
var RunLimit = 2 * time.Minute

// Options tune Run.
type Options struct {
	// Log, if not nil, receives progress lines (fadj check -v): the
	// temporary directory, the compiler commands.
	Log io.Writer
	// Mutate, if not nil, may change each file written into the
	// temporary directory before it is compiled (tests use it to
	// sabotage the generated derivative). path is relative to the
	// temporary directory.
	Mutate func(path string, data []byte) []byte
	// Keep keeps the temporary directory.
	Keep bool
	// Flags are compiler flags added after the spec's (tests poison
	// uninitialized variables with -finit-integer and -finit-real).
	Flags []string
	// StoreAll checks the store-all adjoint (driver.Options.StoreAll),
	// the baseline of the tape benchmarks, instead of the TBR one.
	StoreAll bool
	// Strategy, if not empty, checks the adjoint under that
	// store-or-recompute strategy instead of the spec's
	// (driver.Options.Strategy).
	Strategy config.Strategy
	// AllowExec lets the spec's check.compiler and check.flags name any
	// program and flag (fadj check -allow-exec); see FindCompiler.
	AllowExec bool
	// Progress, if not nil, receives a line as each step of a long run
	// starts (generating, compiling, running each target).
	Progress io.Writer
	// RuntimeCache, if not nil, keeps the compiled runtime module for
	// later runs in the process.
	RuntimeCache *RuntimeCache
	// TempDir is where the work directory is created; "" is
	// os.TempDir() ($TMPDIR).
	TempDir string
}

// Result is the outcome of one test of one target.
type Result struct {
	Target    string  // the routine as written in the spec
	Test      string  // "finite differences" or "dot-product"
	Sample    int     // 1-based; 0 for a summary row
	Error     float64 // relative error
	Tolerance float64
	Pass      bool
	Skipped   string // why the test was not run, "" if it was
}

// Report is the outcome of fadj check on one spec.
type Report struct {
	Results []Result
	// Notes are choices made for the user (integer arguments' values,
	// tolerances for single precision).
	Notes []string
	// Warnings are what the results alone do not show: a derivative
	// that is zero in every sample, a primal that is not finite at a
	// perturbed point. They do not fail the check.
	Warnings []string
	// GenWarnings are the generator's warnings (positioned, as fadj
	// generate prints them).
	GenWarnings diag.List
}

// OK reports whether every test that ran passed.
func (r *Report) OK() bool {
	for _, res := range r.Results {
		if res.Skipped == "" && !res.Pass {
			return false
		}
	}
	return true
}

// Write prints the report as a table.
func (r *Report) Write(w io.Writer) {
	for _, n := range r.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	fmt.Fprintf(w, "%-20s %-24s %-10s %-10s %s\n", "TARGET", "TEST", "ERROR", "TOLERANCE", "RESULT")
	for _, res := range r.Results {
		test := res.Test
		if res.Sample > 0 {
			test = fmt.Sprintf("%s #%d", test, res.Sample)
		}
		if res.Skipped != "" {
			fmt.Fprintf(w, "%-20s %-24s %-10s %-10s SKIP (%s)\n", res.Target, test, "-", "-", res.Skipped)
			continue
		}
		verdict := "PASS"
		if !res.Pass {
			verdict = "FAIL"
		}
		if res.Test == "tape bytes left" {
			fmt.Fprintf(w, "%-20s %-24s %-10d %-10d %s\n", res.Target, test, int64(res.Error), 0, verdict)
			continue
		}
		fmt.Fprintf(w, "%-20s %-24s %-10s %-10s %s\n", res.Target, test, fmtErr(res.Error), fmt.Sprintf("%.1e", res.Tolerance), verdict)
	}
	for _, wn := range r.Warnings {
		fmt.Fprintf(w, "warning: %s\n", wn)
	}
}

func fmtErr(e float64) string {
	if math.IsNaN(e) {
		return "NaN"
	}
	return fmt.Sprintf("%.1e", e)
}

// generate is driver.GenerateWith; tests replace it to check
// hand-written derivative code.
var generate = driver.GenerateWith

// Run checks every target of the spec at specPath. The error is a
// diag.List (positioned: from generation, from binding the spec to its
// sources, or a check setting that does not fit), a missing compiler, a
// failed build or run, or a primal that does not run at the check
// point; test failures are in the Report.
func Run(specPath string, opts Options) (*Report, error) {
	spec, err := config.Load(specPath)
	if err != nil {
		return nil, err
	}
	compiler, err := FindCompiler(spec, opts.AllowExec)
	if flagErr := checkFlags(spec, opts.AllowExec); flagErr != nil {
		if l, ok := err.(diag.List); ok {
			// Every key that needs -allow-exec at once.
			l = append(l, flagErr.(diag.List)...)
			l.Sort()
			return nil, l
		}
		if err == nil {
			return nil, flagErr
		}
	}
	if err != nil {
		return nil, err
	}
	progress(opts, "generating the derivative code of %s", specPath)
	res, err := generate(specPath, driver.Options{StoreAll: opts.StoreAll, Strategy: opts.Strategy})
	if err != nil {
		return nil, withCheckErrs(spec, err) // staged.go
	}
	bound, err := bind.Load(spec, bind.Options{})
	if err != nil {
		return nil, err
	}
	wd, err := newWorkDir(opts.TempDir)
	if err != nil {
		return nil, err
	}
	defer wd.close(opts.Keep)
	if opts.Keep {
		logf(opts, "keeping %s", wd.path)
	}
	logf(opts, "working in %s", wd.path)

	write := func(rel string, data []byte) (string, error) {
		if opts.Mutate != nil {
			data = opts.Mutate(rel, data)
		}
		return wd.write(rel, data)
	}
	// The original sources, copied so that Mutate sees them too.
	var common []string
	augmented := map[string]bool{}
	for _, p := range spec.Output.Augment {
		augmented[spec.Join(p.Text)] = true
	}
	for i, sp := range spec.SourcePaths() {
		if augmented[sp] {
			continue // compiled as written again (output.augment)
		}
		data, err := os.ReadFile(sp)
		if err != nil {
			return nil, err
		}
		p, err := write(fmt.Sprintf("src/%d_%s", i, copyName(spec, i)), data)
		if err != nil {
			return nil, err
		}
		common = append(common, p)
	}
	// The generated files go to gen/ under their base names (they are
	// all in output.dir, whatever it is), the runtime module first.
	runtimeFile := path.Join(spec.Output.Dir.Clean(), strings.ToLower(spec.Output.Runtime)+".f90")
	genPaths := map[string]string{}
	var generated []string
	var runtimeSrc []byte
	// gen is res as written, after Mutate: what the driver must call.
	gen := &driver.Result{}
	for _, f := range res.Files {
		rel := "gen/" + path.Base(f.Path)
		data := f.Data
		if opts.Mutate != nil {
			data = opts.Mutate(rel, data)
		}
		gen.Files = append(gen.Files, driver.Output{Path: f.Path, Data: data})
		p, err := wd.write(rel, data)
		if err != nil {
			return nil, err
		}
		genPaths[f.Path] = p
		if f.Path == runtimeFile {
			runtimeSrc = data
		} else {
			generated = append(generated, p)
		}
	}

	if len(augmented) > 0 {
		// The sources and the generated files compile in one order
		// (gfortran.ModuleOrder), before the driver's unit.
		if common, err = gfortran.ModuleOrder(append(common, generated...)); err != nil {
			return nil, err
		}
		generated = nil
	}

	flags := []string{"-O0", "-ffree-line-length-none"}
	if usesOpenMP(spec.SourcePaths()) { // omp.go
		flags = append(flags, "-fopenmp")
	}
	flags = append(flags, spec.RealKindFlags()...) // (the model's -r8)
	// The compiler runs in the temporary directory, on copies of the
	// sources: include directories must be absolute, and the sources'
	// own directories (where INCLUDE looks first) are added after them.
	var incs []string
	for _, d := range spec.IncludePaths() {
		incs = append(incs, d)
	}
	for _, sp := range spec.SourcePaths() {
		incs = append(incs, filepath.Dir(sp))
	}
	seenInc := map[string]bool{}
	for _, d := range incs {
		abs, err := filepath.Abs(d)
		if err != nil {
			return nil, err
		}
		if !seenInc[abs] {
			seenInc[abs] = true
			flags = append(flags, "-I"+abs)
		}
	}
	if len(spec.Defines) > 0 {
		flags = append(flags, "-cpp")
		for _, d := range spec.Defines {
			k, v := d.Name, d.Value
			if v == "" {
				flags = append(flags, "-D"+k)
			} else {
				flags = append(flags, "-D"+k+"="+v)
			}
		}
	}
	flags = append(flags, spec.Check.Flags...)
	flags = append(flags, opts.Flags...)
	comp := &gfortran.Compiler{Path: compiler, Flags: flags}
	if runtimeSrc != nil {
		// The runtime module, compiled once (per run, or per process
		// with a cache), comes first: the derivatives use it.
		name := strings.ToLower(spec.Output.Runtime)
		var dir string
		if opts.RuntimeCache != nil {
			dir, err = opts.RuntimeCache.compiled(comp, name, runtimeSrc)
		} else {
			var rt string
			if rt, err = wd.mkdir("runtime"); err == nil {
				dir, err = compileRuntime(comp, rt, name, runtimeSrc)
			}
		}
		if err != nil {
			return nil, fmt.Errorf("compiling the runtime module failed: %v", err)
		}
		common = append(common, filepath.Join(dir, name+".o"))
		comp.Flags = append(comp.Flags, "-I"+dir)
	}

	genIncs := spec.IncludePaths()
	for _, sp := range spec.SourcePaths() {
		genIncs = append(genIncs, filepath.Dir(sp))
	}
	parsed := loadGenerated(gen, load.Config{Defines: spec.DefineMap(), IncludeDirs: genIncs, IncludeRoots: []string{spec.Dir}, DefaultRealKind: spec.DefaultRealKind})
	progs, inputErrs, err := programs(spec, bound, parsed)
	if err != nil {
		return nil, err
	}
	if len(inputErrs) > 0 {
		inputErrs.Sort()
		return nil, inputErrs
	}
	for _, p := range progs {
		if p.Adjoint != "" && genPaths[runtimeFile] != "" {
			p.Runtime = strings.ToLower(spec.Output.Runtime)
		}
	}
	r := &runner{opts: opts, spec: spec, wd: wd, write: write, comp: comp, common: common, generated: generated,
		report: &Report{GenWarnings: res.Warnings}, notes: map[string]bool{}}
	for ti, bt := range bound.Targets {
		if err := r.target(ti, bt.Target, progs[ti]); err != nil {
			return nil, err
		}
	}
	return r.report, nil
}

// runner checks the targets of one spec, one after the other.
type runner struct {
	opts   Options
	spec   *config.Spec
	wd     *workDir
	write  func(rel string, data []byte) (string, error)
	comp   *gfortran.Compiler
	common []string // the sources and the runtime, compiled with each driver
	// generated are the generated files, included in the driver's
	// compile unit (see unit).
	generated []string
	report    *Report
	notes     map[string]bool
}

func (r *runner) note(format string, args ...any) {
	n := fmt.Sprintf(format, args...)
	if !r.notes[n] {
		r.notes[n] = true
		r.report.Notes = append(r.report.Notes, n)
	}
}

// target builds and runs the driver of one target and adds its rows to
// the report. A primal that does not give finite values at the check
// point is an error: no derivative can be checked there.
func (r *runner) target(ti int, t *config.Target, p *Program) error {
	start := time.Now()
	spec := r.spec
	for _, a := range p.Args {
		switch {
		case a.Class == IntParam:
			r.note("%s: integer argument '%s' set to %d", t.Routine, a.Name, a.IntValue)
		case a.Class == Passive && p.Setup == "" && a.Value == nil:
			r.note("%s: argument '%s' set to %s (check.setup can set it)", t.Routine, a.Name, a.zero())
		case a.AssumedShape:
			r.note("%s: assumed-shape or assumed-size argument '%s' given shape (%s)", t.Routine, a.Name, strings.Join(a.Dims, ", "))
		}
	}
	tol := tolerancesFor(&spec.Check, p)
	p.FDStep = tol.fdStep
	if len(tol.defaulted) > 0 {
		r.note("%s: single precision (real(4)): %s", t.Routine, strings.Join(tol.defaulted, ", "))
	}
	if p.Setup != "" {
		r.note("%s: check point set by %s", t.Routine, p.Setup)
	}
	tdir, err := r.wd.mkdir(fmt.Sprintf("t%d", ti))
	if err != nil {
		return err
	}
	drv, err := r.write(fmt.Sprintf("t%d/driver.f90", ti), []byte(WriteDriver(p)))
	if err != nil {
		return err
	}
	input, dirs := Input(p, spec.Check.Seed)
	if _, err := r.write(fmt.Sprintf("t%d/input.txt", ti), []byte(input)); err != nil {
		return err
	}
	unit, err := r.unit(ti, drv)
	if err != nil {
		return err
	}
	srcs := append(append([]string{}, r.common...), unit...)
	progress(r.opts, "%s: compiling %d files", t.Routine, len(r.common)+len(r.generated)+1)
	logf(r.opts, "%s %s -o check %s", r.comp.Path, strings.Join(r.comp.Flags, " "), strings.Join(srcs, " "))
	exe := filepath.Join(tdir, "check")
	if err := r.comp.Build(tdir, exe, srcs...); err != nil {
		return fmt.Errorf("%s: compiling the check program failed: %v", t.Routine, err)
	}
	progress(r.opts, "%s: running the primal, tangent and adjoint at %d samples", t.Routine, p.Samples)
	if _, err := gfortran.Run(tdir, exe, RunLimit); err != nil {
		return fmt.Errorf("%s: running the check program failed: %v%s", t.Routine, err, p.defaultShapesHint()) // alloc.go
	}
	out, err := r.wd.read(fmt.Sprintf("t%d/results.txt", ti))
	if err != nil {
		return fmt.Errorf("%s: the check program wrote no results: %v", t.Routine, err)
	}
	base, samples, err := parseOutput(out)
	if err != nil {
		return fmt.Errorf("%s: %v", t.Routine, err)
	}
	if len(samples) != p.Samples {
		return fmt.Errorf("%s: check program printed %d samples, want %d", t.Routine, len(samples), p.Samples)
	}
	if msg := primalProblem(p, base); msg != "" {
		return fmt.Errorf("%s: %s", t.Routine, msg)
	}
	r.rows(t, p, tol, samples, dirs)
	r.outputRows(t, p, tol, base, samples)
	r.report.Warnings = append(r.report.Warnings, zeroDerivatives(t, p, samples)...)
	progress(r.opts, "%s: done in %.1f s", t.Routine, time.Since(start).Seconds())
	return nil
}

// unit returns the files that compile the generated code and target
// ti's driver drv: one compile unit that INCLUDEs them, so that gfortran
// starts once for all, not once a file (half of a small kernel's check
// time); a fixed-form file is compiled on its own. The compiler's
// messages still name the included files and their lines.
func (r *runner) unit(ti int, drv string) ([]string, error) {
	var alone []string
	var b strings.Builder
	for _, g := range append(append([]string{}, r.generated...), drv) {
		if isFree(g) && !strings.Contains(g, "'") {
			fmt.Fprintf(&b, "include '%s'\n", g)
		} else {
			alone = append(alone, g)
		}
	}
	if b.Len() == 0 {
		return alone, nil
	}
	u, err := r.write(fmt.Sprintf("t%d/unit.f90", ti), []byte(b.String()))
	if err != nil {
		return nil, err
	}
	return append(alone, u), nil
}

// isFree reports whether gfortran reads the file at path as free form
// without preprocessing it.
func isFree(path string) bool {
	return strings.HasSuffix(path, ".f90")
}

// outputRows adds a failure for each sample whose adjoint left the
// dependents other than the primal computes them (compared with B, the
// primal at the same point).
func (r *runner) outputRows(t *config.Target, p *Program, tol tolerances, base []float64, samples []sample) {
	for k, s := range samples {
		if s.O == nil {
			continue
		}
		if e := outputError(p.keptOnly(base), p.keptOnly(s.O)); !(e <= tol.dot) { // pointer.go
			r.report.Results = append(r.report.Results, Result{
				Target: t.Routine, Test: "outputs of the adjoint", Sample: k + 1,
				Error: e, Tolerance: tol.dot,
			})
		}
	}
}

// outputError is max |got - want| relative to the largest |want|; NaN
// when the lengths differ.
func outputError(want, got []float64) float64 {
	if len(want) != len(got) {
		return math.NaN()
	}
	var d, m float64
	for i := range want {
		d = math.Max(d, math.Abs(got[i]-want[i]))
		m = math.Max(m, math.Abs(want[i]))
	}
	if d == 0 {
		return 0
	}
	return d / math.Max(m, math.SmallestNonzeroFloat64)
}

// rows adds the rows of one target's tests to the report.
func (r *runner) rows(t *config.Target, p *Program, tol tolerances, samples []sample, dirs []Directions) {
	report := r.report
	for i, s := range samples {
		if p.Tangent == "" {
			break
		}
		e := fdError(s, p.FDStep)
		report.Results = append(report.Results, Result{
			Target: t.Routine, Test: "finite differences", Sample: i + 1,
			Error: e, Tolerance: tol.fd,
			Pass: !math.IsNaN(e) && e <= tol.fd,
		})
	}
	for i, s := range samples {
		if bad := nonFinite(s.P, s.M); bad != "" {
			report.Warnings = append(report.Warnings, fmt.Sprintf("%s: the primal returned %s at x ± h·xd of sample %d: the finite differences are meaningless there (is fd_step too large?)", t.Routine, bad, i+1))
		}
	}
	if p.Adjoint == "" {
		skip := "no adjoint for tangent-mode target"
		if t.Mode.HasReverse() {
			skip = "no adjoint routine " + t.Name + r.spec.Output.Suffix + " generated"
		}
		report.Results = append(report.Results, Result{Target: t.Routine, Test: "dot-product", Tolerance: tol.dot, Skipped: skip})
		return
	}
	for i, s := range samples {
		// <J·xd, yb> from the tangent, or else from the finite
		// differences (then with the finite-difference tolerance).
		jxd, test, tl := s.T, "dot-product", tol.dot
		if p.Tangent == "" {
			jxd, test, tl = fdVector(s, p.FDStep), "dot-product vs FD", tol.fd
		}
		e := dotError(jxd, dirs[i].YB, dirs[i].XD, s.A)
		report.Results = append(report.Results, Result{
			Target: t.Routine, Test: test, Sample: i + 1,
			Error: e, Tolerance: tl,
			Pass: !math.IsNaN(e) && e <= tl,
		})
	}
	// An intent(out) dependent's adjoint left non-zero, and a tape
	// left non-empty by the adjoint (a value pushed and never popped),
	// are failures of their own, shown only then.
	for i, s := range samples {
		if len(s.Z) == 1 && s.Z[0] != 0 {
			report.Results = append(report.Results, Result{
				Target: t.Routine, Test: "out adjoints left", Sample: i + 1,
				Error: s.Z[0], Tolerance: 0,
			})
		}
	}
	for i, s := range samples {
		if len(s.E) == 1 && s.E[0] != 0 {
			report.Results = append(report.Results, Result{
				Target: t.Routine, Test: "tape bytes left", Sample: i + 1,
				Error: s.E[0], Tolerance: 0,
			})
		}
	}
}

// copyName is the file name of the copy of the spec's i-th source: its
// own, or, when the spec forces a source form, one with an extension of
// that form, since the compiler chooses the form by extension. An upper
// case extension (.F, .F90) keeps asking for the preprocessor.
func copyName(spec *config.Spec, i int) string {
	base := filepath.Base(spec.SourcePaths()[i])
	form, ok := spec.FormOf(spec.Sources[i].Text)
	if !ok {
		return base
	}
	ext := filepath.Ext(base)
	stem := strings.TrimSuffix(base, ext)
	upper := strings.HasPrefix(ext, ".F")
	switch {
	case form == config.Free && upper:
		return stem + ".F90"
	case form == config.Free:
		return stem + ".f90"
	case upper:
		return stem + ".F"
	}
	return stem + ".f"
}

func logf(opts Options, format string, args ...any) {
	if opts.Log != nil {
		fmt.Fprintf(opts.Log, "fadj check: "+format+"\n", args...)
	}
}

func progress(opts Options, format string, args ...any) {
	if opts.Progress != nil {
		fmt.Fprintf(opts.Progress, "fadj check: "+format+"\n", args...)
	}
}

// sample is what the driver printed for one sample.
type sample struct{ T, P, M, A, O, Z, E []float64 }

// parseOutput reads the driver's output: B, the dependents at the check
// point, then per sample T (if there is a tangent), P, M, and A, O (the
// dependents after the adjoint) and E (if there is an adjoint) blocks of
// numbers.
func parseOutput(out []byte) (base []float64, samples []sample, err error) {
	var cur *[]float64
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		switch line {
		case "B":
			base = []float64{}
			cur = &base
		case "T", "P", "M", "A", "O", "Z", "E":
			// A sample starts with T, or with P when there is no T.
			if n := len(samples); n == 0 || line == "T" || (line == "P" && (samples[n-1].T == nil || samples[n-1].P != nil)) {
				samples = append(samples, sample{})
			}
			s := &samples[len(samples)-1]
			switch line {
			case "T":
				cur = &s.T
			case "P":
				cur = &s.P
			case "M":
				cur = &s.M
			case "A":
				cur = &s.A
			case "O":
				cur = &s.O
			case "Z":
				cur = &s.Z
			case "E":
				cur = &s.E
			}
			*cur = []float64{}
		default:
			if cur == nil {
				return nil, nil, fmt.Errorf("bad check program output: %q", line)
			}
			v, err := strconv.ParseFloat(strings.ReplaceAll(strings.ReplaceAll(line, "D", "E"), "d", "e"), 64)
			if err != nil {
				if strings.Contains(strings.ToLower(line), "nan") {
					v = math.NaN()
				} else if strings.Contains(strings.ToLower(line), "inf") {
					v = math.Inf(1)
					if strings.HasPrefix(line, "-") {
						v = math.Inf(-1)
					}
				} else {
					return nil, nil, fmt.Errorf("bad check program output: %q", line)
				}
			}
			*cur = append(*cur, v)
		}
	}
	return base, samples, nil
}

// fdVector returns (P − M)/2h.
func fdVector(s sample, h float64) []float64 {
	if len(s.P) != len(s.M) {
		return nil
	}
	fd := make([]float64, len(s.P))
	for i := range fd {
		fd[i] = (s.P[i] - s.M[i]) / (2 * h)
	}
	return fd
}

// dotError is the relative difference of <jxd, yb> and <xd, jtyb>.
func dotError(jxd, yb, xd, jtyb []float64) float64 {
	if len(jxd) != len(yb) || len(xd) != len(jtyb) {
		return math.NaN()
	}
	var a, b float64
	for i := range jxd {
		a += jxd[i] * yb[i]
	}
	for i := range xd {
		b += xd[i] * jtyb[i]
	}
	if a == b {
		return 0
	}
	return math.Abs(a-b) / math.Max(math.Max(math.Abs(a), math.Abs(b)), tiny)
}

const tiny = 1e-300

// fdError is ‖T − (P − M)/2h‖ / max(‖T‖, tiny).
func fdError(s sample, h float64) float64 {
	if len(s.T) != len(s.P) || len(s.P) != len(s.M) {
		return math.NaN()
	}
	var diff, norm float64
	for i := range s.T {
		fd := (s.P[i] - s.M[i]) / (2 * h)
		d := s.T[i] - fd
		diff += d * d
		norm += s.T[i] * s.T[i]
	}
	diff, norm = math.Sqrt(diff), math.Sqrt(norm)
	if norm == 0 && diff == 0 {
		return 0
	}
	return diff / math.Max(norm, tiny)
}

// known adds the names of the variables p sets (check.inputs may name
// them), and of its allocatable ones (check.shapes may).
func known(p *Program, set, allocs map[string]bool, names *[]string) {
	if p == nil {
		return
	}
	for _, bv := range p.BoundVars {
		set[bv.Ref] = true
	}
	for _, a := range p.Args {
		allocs[a.Name] = allocs[a.Name] || a.Alloc || a.AssumedShape
		if (a.Class == IntParam || a.Class == Float || a.Class == Passive) && !set[a.Name] {
			set[a.Name] = true
			*names = append(*names, a.Name)
		}
	}
}
