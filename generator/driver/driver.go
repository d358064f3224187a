// Package driver runs one fadj spec end to end: it loads the spec and its
// Fortran sources, resolves each target's routine and variables, runs the
// analyses and the transformation, and returns the generated files. It
// writes nothing; the CLI does.
package driver

import (
	"bytes"
	"fmt"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/ad/adjoint"
	"github.com/fadj-dev/fadj/generator/ad/tangent"
	"github.com/fadj-dev/fadj/generator/ad/tidy"
	"github.com/fadj-dev/fadj/generator/analysis"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/analysis/fixedpoint"
	"github.com/fadj-dev/fadj/generator/analysis/modref"
	"github.com/fadj-dev/fadj/generator/analysis/tbr"
	"github.com/fadj-dev/fadj/generator/bind"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/inline"
	"github.com/fadj-dev/fadj/generator/load"
	"github.com/fadj-dev/fadj/generator/plan"
	"github.com/fadj-dev/fadj/generator/restructure"
	"github.com/fadj-dev/fadj/generator/runtime"
	"github.com/fadj-dev/fadj/generator/sema"
	"github.com/fadj-dev/fadj/generator/source"
)

// Result is what one spec generates.
type Result struct {
	// Dir is the output directory, '/'-separated, relative to the spec's
	// directory (cleaned: "ad", or "." for the spec's own).
	Dir string
	// Files are the generated files, sorted by path.
	Files []Output
	// Warnings are diagnostics that do not stop generation (from the
	// analyses); the caller should print them.
	Warnings diag.List
	// Inputs are the files read: the spec, the sources and the files
	// they include, as the operating system names them. Nothing may be
	// written over them.
	Inputs []string
}

// Output is one generated file.
type Output struct {
	Path string // '/'-separated, relative to the spec's directory
	Data []byte
}

// Options change how a spec is run; the zero value is what fadj generate does.
type Options struct {
	// StoreAll records every overwritten value the adjoint may need,
	// ignoring the TBR analysis: the baseline the tape benchmarks compare
	// against.
	StoreAll bool
	// AllowAbsoluteIncludes lets INCLUDE lines and #include directives
	// name absolute paths (fadj generate -allow-absolute-includes; never
	// under Bazel, whose actions must be hermetic).
	AllowAbsoluteIncludes bool
	// Observe, if not nil, gets the decisions of each target once its
	// code is generated (fadj explain reports them).
	Observe func(*Decisions)
	// NoSourceRefs leaves out the comments naming, in the backward
	// sweep, the source line each adjoint comes from ("! adjoint of
	// model.f90:46").
	NoSourceRefs bool
	// Strategy, if not empty, replaces the strategy of every target
	// (the tests run the kernel corpus under each).
	Strategy config.Strategy
}

// Decisions are what the analyses and the generators decided for one
// target: the values fadj explain reports.
type Decisions struct {
	Target   *config.Target
	Suffix   string // of the adjoint routines
	Prog     *load.Program
	Plan     *plan.Plan
	Activity *activity.Result
	// TBR is nil without reverse mode.
	TBR *tbr.Result
	// Recomputed are the statements the backward sweep recomputes
	// rather than restores; Dead those the adjoint leaves out.
	Recomputed, Dead map[ast.Stmt]bool
	// Strategy are the store-or-recompute decisions of strategy
	// recompute or auto (adjoint.Decision).
	Strategy []adjoint.Decision
}

// Generate runs the spec at specPath. The error is a diag.List with
// positions in the spec or in the Fortran sources, or an I/O error.
func Generate(specPath string) (*Result, error) {
	return GenerateWith(specPath, Options{})
}

// GenerateWith is Generate with options.
func GenerateWith(specPath string, opts Options) (*Result, error) {
	spec, err := config.Load(specPath)
	if err != nil {
		return nil, err
	}
	// What this fadj cannot do yet is reported together with the
	// names that do not resolve.
	var unsup diag.List
	for _, t := range spec.Targets {
		unsup = append(unsup, unimplemented(t)...)
	}
	bound, err := bind.Load(spec, bind.Options{AllowAbsoluteIncludes: opts.AllowAbsoluteIncludes})
	if err != nil {
		if l, ok := err.(diag.List); ok && len(unsup) > 0 {
			// A name that does not resolve says more than a feature
			// missing at the same place.
			at := map[source.Position]bool{}
			for _, e := range l {
				at[e.Pos] = true
			}
			for _, e := range unsup {
				if !at[e.Pos] {
					l = append(l, e)
				}
			}
			l.Sort()
			return nil, l
		}
		return nil, err
	}
	if len(unsup) > 0 {
		unsup.Sort()
		return nil, unsup
	}
	prog := bound.Program
	// The differentiators see statement functions expanded, ASSOCIATE
	// names replaced by what they name, WHEREs that call user elemental
	// functions as loops, function references hoisted out of CALL
	// arguments, and GO TO
	// loops and computed GO TOs as constructs.
	inline.StatementFunctions(prog)
	inline.Associations(prog)
	reassigned := inline.DefinedAssignments(prog) // a = b as CALL of the specific (defined_assign.go)
	reoperated := inline.DefinedOperators(prog)   // a .op. b on intrinsic types as the specific's reference (defined_ops.go)
	inline.WhereReductions(prog)                  // sum(b) and the like in a WHERE: temporaries before it
	inline.ElementalWheres(prog)                  // WHEREs calling user elemental functions as DO loops
	inline.ConstructorSegments(prog)              // f = [u(n), u(1:n-1)] - u: one assignment per segment, no constructor
	inline.CallFunctionArgs(prog)                 // function references in CALL arguments hoisted
	inline.BitRoundTrips(prog)                    // a real's bits parked in an integer kept in a real too (bit_roundtrip.go)
	inline.BlockLocals(prog)                      // BLOCK locals become the procedure's (block.go)
	modPtrs := inline.PointerAllocatables(prog)   // pointers only ever allocated become ALLOCATABLE (pointer_alloc.go)
	inline.Equivalences(prog)                     // EQUIVALENCE of locals: one array (equivalence.go)
	inline.CommonLayouts(prog)                    // a common block declared with different members: one array (commons.go)
	sema.StaticBindings(prog)                     // type-bound calls without polymorphism, as plain calls
	// EXTERNAL dummies every call binds to one procedure
	// (dummy_procs.go); an array passed twice to a callee that only
	// reads one of its dummies: a copy for that one (alias_copy.go).
	sema.BindDummyProcedures(prog, roots(bound)...)
	inline.AliasedArguments(prog)
	restructure.Program(prog)
	res := &Result{Dir: spec.Output.Dir.Clean(), Inputs: []string{specPath}}
	reached := map[*ast.Unit]bool{} // by any target (warnings.go)
	for _, f := range prog.Fset.Files() {
		res.Inputs = append(res.Inputs, f.Name())
	}
	header := fmt.Sprintf("! Generated by fadj from %s; DO NOT EDIT.\n", filepath.ToSlash(filepath.Base(specPath)))
	seen := map[string]source.Position{}
	var files []targetFile
	reverse := false
	for _, bt := range bound.Targets {
		t := bt.Target
		if t.Mode.HasReverse() {
			reverse = true
		}
		outs, warns, err := generateTarget(spec, prog, bt, opts, reached)
		res.Warnings = append(res.Warnings, warns...)
		if err != nil {
			if l, ok := err.(diag.List); ok {
				// Keep the warnings next to the errors they may explain.
				l = append(l, res.Warnings...)
				l = append(l, prog.Warnings...)
				l.Sort()
				return nil, l
			}
			return nil, err
		}
		for _, gen := range outs {
			out := gen.file
			name := t.Name + gen.suffix + ".f90"
			if t.Module != "" {
				name = t.Module + "_" + name
			}
			p := path.Join(spec.Output.Dir.Clean(), strings.ToLower(name))
			if prev, dup := seen[p]; dup {
				var l diag.List
				l.Addf(t.RoutinePos, "target writes %s, as the target at %s does", p, prev)
				return nil, l
			}
			seen[p] = t.RoutinePos
			// Leftovers of later decisions (unused locals and labels,
			// dead zero stores) go in one pass over the result.
			reassigned.Respell(out) // calls of specifics the generated code cannot name
			reoperated.Respell(out) // references of operators' specifics it cannot name
			modPtrs.Respell(out)    // ALLOCATED of module pointers the user's module declares
			tidy.File(out, t.Name+gen.suffix)
			prog.Info.Rebound(out)                       // type-bound references StaticBindings made plain
			sema.RespellClones(out, prog.Clones)         // copies per EXTERNAL bound: the user's procedure (legacy_dummy_clone.go)
			sema.RespellAltReturns(out, prog.AltReturns) // alternate returns as a status: the user's call (legacy_altret.go)
			if err := sema.SavedState(out, t.Name+gen.suffix, prog); err != nil {
				return nil, err // SAVEd reals as COMMON: no primal run, derivatives zeroed (legacy_saved_output.go)
			}
			files = append(files, targetFile{target: t, entry: t.Name + gen.suffix, path: p, file: out})
		}
	}
	if err := shareUnits(files); err != nil {
		return nil, err
	}
	augmented, err := augment(spec, prog, files, header) // augment.go
	if err != nil {
		return nil, err
	}
	for _, a := range augmented {
		if prev, dup := seen[a.Path]; dup {
			return nil, errAt(prev, "target writes %s, the file output.augment writes", a.Path)
		}
		seen[a.Path] = spec.Output.Pos
	}
	res.Files = append(res.Files, augmented...)
	for _, f := range files {
		var buf bytes.Buffer
		buf.WriteString(header)
		buf.WriteString(f.note)
		if err := printer.Fprint(&buf, f.file); err != nil {
			return nil, err
		}
		res.Files = append(res.Files, Output{Path: f.path, Data: buf.Bytes()})
	}
	if reverse {
		// The tape module the adjoint code uses.
		p := path.Join(spec.Output.Dir.Clean(), spec.Output.Runtime+".f90")
		if prev, dup := seen[p]; dup {
			var l diag.List
			l.Addf(prev, "target writes %s, the runtime module's file", p)
			return nil, l
		}
		res.Files = append(res.Files, Output{Path: p, Data: runtime.Module(spec.Output.Runtime)})
	}
	sort.Slice(res.Files, func(i, j int) bool { return res.Files[i].Path < res.Files[j].Path })
	if err := overwritesInput(spec, res); err != nil {
		return nil, err
	}
	res.Warnings = append(res.Warnings, reachedWarnings(prog, reached)...)
	res.Warnings.Sort()
	return res, nil
}

// overwritesInput reports an output that would be written over one of
// the files read, at the spec entry naming it: output.runtime: heat with
// sources: [heat.f90] in the output directory would replace the user's
// source with the tape module. Paths are compared as written (cleaned,
// absolute); the writer compares the files themselves too, which catches
// links.
func overwritesInput(spec *config.Spec, res *Result) error {
	inputs := map[string]string{}
	for _, in := range res.Inputs {
		if abs, err := filepath.Abs(in); err == nil {
			inputs[abs] = in
		}
	}
	var l diag.List
	runtimeFile := path.Join(spec.Output.Dir.Clean(), spec.Output.Runtime+".f90")
	for _, f := range res.Files {
		abs, err := filepath.Abs(spec.Join(f.Path))
		if err != nil {
			continue
		}
		in, ok := inputs[abs]
		if !ok {
			continue
		}
		pos := spec.Output.Dir.Pos
		what := "an output"
		for _, a := range spec.Output.Augment {
			if spec.Output.AugmentedPath(a) == f.Path {
				pos, what = a.Pos, "the source output.augment writes again"
			}
		}
		switch {
		case f.Path == runtimeFile && spec.Output.RuntimePos.IsValid():
			pos, what = spec.Output.RuntimePos, "the runtime module's file"
		case f.Path == runtimeFile:
			what = "the runtime module's file"
		}
		if !pos.IsValid() {
			pos = spec.Output.Pos
		}
		if !pos.IsValid() {
			pos = source.Position{Filename: spec.Filename}
		}
		l.Addf(pos, "%s is %s and also an input (%s): fadj never writes over its inputs", f.Path, what, filepath.ToSlash(in))
	}
	if len(l) > 0 {
		l.Sort()
		return l
	}
	return nil
}

func errAt(pos source.Position, format string, args ...any) error {
	var l diag.List
	l.Addf(pos, format, args...)
	return l
}

// generated is one file of a target: its code and the suffix of its name.
type generated struct {
	file   *ast.File
	suffix string
}

// generateTarget resolves and differentiates one target: its tangent code
// (mode tangent or both) and its adjoint code (mode reverse or both).
func generateTarget(spec *config.Spec, prog *load.Program, bt *bind.Target, opts Options, reachedBy map[*ast.Unit]bool) ([]generated, diag.List, error) {
	t, proc := bt.Target, bt.Routine
	target := &analysis.Target{Routine: proc}
	for _, v := range bt.Independents {
		target.Independents = append(target.Independents, v.Symbol)
	}
	for _, v := range bt.Dependents {
		target.Dependents = append(target.Dependents, v.Symbol)
	}
	// How each call is reversed: the TBR analysis and the adjoint
	// generator read the same plan.
	pl, err := plan.Build(prog, t, proc)
	if err != nil {
		return nil, nil, err
	}
	// A converged branch copying the update: one exit at the end.
	var fpLoops []*ast.DoConstruct
	for _, f := range pl.FixedPoints() {
		fpLoops = append(fpLoops, f.Loop.Do)
	}
	inline.Unsegment(prog.Info, fpLoops) // their state's assignments as written
	inline.FixedPointExits(prog.Info, fpLoops)
	regionStrategies, err := strategyRegions(prog, t) // strategy.go
	if err != nil {
		return nil, nil, err
	}
	tbrAnalyzer := tbr.New("tbr", tbr.Config{Plan: pl})
	analyzers := []*analysis.Analyzer{activity.Analyzer}
	if t.Mode.HasReverse() {
		analyzers = append(analyzers, tbrAnalyzer)
	}
	results, err := analysis.Run(prog, target, analyzers...)
	var warns diag.List
	if err != nil {
		if l, ok := err.(diag.List); ok {
			for _, e := range l {
				if analysis.IsWarning(e) {
					warns = append(warns, e)
				}
			}
		}
		if fatal := analysis.Errors(err); fatal != nil {
			return nil, warns, fatal
		}
	}
	act, _ := analysis.Get[*activity.Result](results, activity.Analyzer)
	if act == nil {
		return nil, warns, errAt(t.RoutinePos, "internal error: no activity result for '%s'", t.Routine)
	}
	// Procedures made of one with ENTRY whose copies would not share its
	// saved state are rejected once the target reaches them: with
	// derivative code, or passive with a saved real (the analyses follow
	// the copies, whose state no longer flows from one entry point to
	// another: a derivative through it would be silently zero; a saved
	// integer, a seed, carries none).
	var deferred diag.List
	active := map[*ast.Unit]bool{}
	for _, pa := range act.Procs {
		active[pa.Unit] = true
	}
	reached := reachedUnits(prog.Info, act)
	for _, u := range reached {
		reachedBy[u] = true
	}
	for _, u := range reached {
		if active[u] || savesFloat(prog.Info.Scopes[u]) {
			deferred = append(deferred, prog.Deferred[u]...)
		}
	}
	deferred = append(deferred, unreachable(prog.Info, prog.Unreachable, reached)...)
	if len(deferred) > 0 {
		deferred.Sort()
		return nil, warns, deferred
	}
	var outs []generated
	dec := &Decisions{Target: t, Suffix: spec.Output.Suffix, Prog: prog, Plan: pl, Activity: act, Recomputed: map[ast.Stmt]bool{}, Dead: map[ast.Stmt]bool{}}
	// Both modes' errors are reported together; they are positioned in
	// the sources (the spec's routine line only for internal errors).
	var errs diag.List
	wrap := func(err error) {
		if l, ok := err.(diag.List); ok {
			errs = append(errs, l...)
			return
		}
		errs = append(errs, errAt(t.RoutinePos, "%v", err).(diag.List)...)
	}
	if t.Mode.HasTangent() {
		out, err := tangent.Generate(prog, act, tangent.Config{Suffix: spec.Output.TangentSuffix, Augmented: augmentedSet(spec, prog)})
		if err != nil {
			wrap(err)
		} else {
			outs = append(outs, generated{out, spec.Output.TangentSuffix})
		}
	}
	if t.Mode.HasReverse() {
		rec, _ := analysis.Get[*tbr.Result](results, tbrAnalyzer)
		if rec == nil {
			return nil, warns, errAt(t.RoutinePos, "internal error: no TBR result for '%s'", t.Routine)
		}
		dec.TBR = rec
		if err := checkStrategyOverrides(t, act); err != nil {
			return nil, warns, err
		}
		fps, fpWarns, err := fixedPoints(prog, act, pl)
		warns = append(warns, fpWarns...)
		if err != nil {
			return nil, warns, err
		}
		out, err := adjoint.Generate(prog, act, rec, adjoint.Config{Suffix: spec.Output.Suffix, RuntimeModule: spec.Output.Runtime, StoreAll: opts.StoreAll,
			Plan: pl, Recomputed: dec.Recomputed, Dead: dec.Dead, SourceRef: sourceRef(spec, prog, opts), FixedPoints: fps,
			Strategy: strategy(t, opts), Weights: weights(t), Decisions: &dec.Strategy, RoutineStrategies: routineStrategies(t, act, opts),
			RegionStrategies: regionStrategies, RecomputeSnapshots: t.RecomputeSnapshots,
			Augmented: augmentedSet(spec, prog)})
		if err != nil {
			wrap(err)
		} else {
			outs = append(outs, generated{out, spec.Output.Suffix})
		}
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, warns, errs
	}
	if opts.Observe != nil {
		opts.Observe(dec)
	}
	return outs, warns, nil
}

// sourceRef names a source line relative to the spec's directory, the
// same on every machine, for the back-references of the backward sweep.
func sourceRef(spec *config.Spec, prog *load.Program, opts Options) adjoint.SourceRef {
	if opts.NoSourceRefs || !spec.Output.SourceRefs {
		return nil
	}
	base, err := filepath.Abs(filepath.Dir(spec.Filename))
	if err != nil {
		return nil
	}
	return func(pos source.Pos) string {
		p := prog.Fset.Position(pos)
		if !p.IsValid() {
			return ""
		}
		name := filepath.Base(p.Filename)
		if abs, err := filepath.Abs(p.Filename); err == nil {
			if rel, err := filepath.Rel(base, abs); err == nil && !strings.HasPrefix(rel, "..") {
				name = rel
			}
		}
		return fmt.Sprintf("%s:%d", filepath.ToSlash(name), p.Line)
	}
}

// fixedPoints decides how each fixed-point loop of the plan is reversed:
// its state and parameters, and the applicability conditions, all errors
// together.
func fixedPoints(prog *load.Program, act *activity.Result, pl *plan.Plan) (map[*ast.DoConstruct]*fixedpoint.Decision, diag.List, error) {
	if len(pl.FixedPoints()) == 0 {
		return nil, nil, nil
	}
	mr := modref.New(prog.Info)
	out := map[*ast.DoConstruct]*fixedpoint.Decision{}
	var errs, warns diag.List
	for _, f := range pl.FixedPoints() {
		routine := f.Loop.Routine
		active := func(v *sema.Symbol) bool {
			for _, pa := range act.Procs {
				if pa.Proc == routine && pa.ActiveVar(v) {
					return true
				}
			}
			return false
		}
		d, e, w := fixedpoint.Analyze(fixedpoint.Input{Prog: prog, ModRef: mr, Active: active}, f)
		errs = append(errs, e...)
		warns = append(warns, w...)
		out[f.Loop.Do] = d
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, warns, errs
	}
	return out, warns, nil
}

// unimplemented rejects the spec settings this fadj reads but cannot
// honour yet, at their place in the spec, rather than ignoring them:
// none at present (snapshots: eager and auto on checkpointed loops and
// regions were the last; docs/checkpointing.md).
func unimplemented(*config.Target) diag.List { return nil }
