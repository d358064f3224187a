// Package adjoint is fadj's reverse-mode (adjoint) transformation.
//
// For each procedure version that the activity analysis found to need
// derivative code (activity.Result.Procs, callees first), Generate writes an
// adjoint subroutine foo_b (second and later versions foo_b2, ...) whose
// arguments are the original ones, each dummy of the version's activity
// pattern followed by its adjoint x_b (same type, kind and shape).
//
// # Interface convention (Tapenade's)
//
// The adjoint dummies are increment-style: on entry x_b holds the adjoint of
// the value of x on exit of the original routine; on exit x_b holds the
// adjoint of the value of x on entry. Hence:
//
//   - for an input-only dummy x (not modified by the routine) the
//     contribution J^T y_b is ADDED to the x_b the caller passed (start it at
//     zero to get the gradient);
//   - for an output dummy y, y_b is consumed: read, and set to zero on exit
//     where y is overwritten (its value on entry does not matter); a dummy
//     declared intent(out) always has y_b = 0 on exit;
//   - for an input-output dummy, x_b on exit is the adjoint of its entry
//     value.
//
// # Body
//
// The body is a forward sweep followed by a backward sweep (joint reversal of
// calls: the adjoint of a call runs the callee's forward and backward sweeps
// at the point of the call in the backward sweep).
//
// The forward sweep is the original code, where an assignment pushes the
// old value of the variable (or array element) it overwrites on the tape of
// module RuntimeModule before overwriting it if the TBR analysis lists it
// (tbr.ProcTBR.RecordBefore), each IF records the branch taken (an integer),
// each counted DO records its start, stop and step (and the pre-loop value of
// its index if TBR lists it), each DO WHILE its trip count, and each call of
// an active procedure pushes the arguments TBR lists. The backward sweep
// then does not restore the exact state before each statement, only the
// values TBR promises: the operands of the nonlinear partials and the
// subscripts of active statements, which is all it reads.
//
// With TBR, four refinements make the tape smaller and the adjoint faster
// (each file says when it applies and why it is right): cheap scalar
// temporaries, and IF constructs assigning them, are recomputed in the
// backward sweep instead of recorded, and IF conditions whose variables the
// backward sweep has are evaluated again instead of recording the branch
// (recompute.go); an array a loop overwrites element by element is recorded
// as one section around the loop when the loop's backward sweep does not read
// it, or restored from a copy of the section when each element is written
// once, and a scalar recorded once per iteration goes into a buffer indexed
// by the loop indices (hoist.go); the adjoint of a jointly reversed callee
// leaves out the primal assignments its backward sweep does not need
// (live.go).
//
// With Config.StoreAll (or without a TBR result) the recording is the
// conservative "store-all" one: every overwritten value (every left-hand
// side, the index of every counted DO, every variable argument a callee may
// modify) is pushed, so that the backward sweep restores the exact state
// before each statement it reverses.
//
// The backward sweep reverses the statements: for y = e it pops y's old
// value, then tmp_b = y_b; y_b = 0; and x_b = x_b + ∂e/∂x*tmp_b for each
// operand x of e carrying an adjoint (so that x = 2*x + y is right; an
// assignment of a whole array does this elementwise with an array
// temporary). Loops run backwards over the same index values (recomputed from
// the recorded start, stop and step) or the recorded number of times; IF
// constructs, IF statements and SELECT CASE run the adjoint of the recorded
// (or re-evaluated) branch. Adjoints of active local variables are zeroed at the start of the
// backward sweep.
//
// A CALL of a procedure with an adjoint version is reversed jointly by
// default: it is a checkpoint (checkpoint.go). The forward sweep saves on
// the snapshot stack what the call may overwrite and the adjoint needs
// later (the sets of Dauvergne and Hascoët for the call's snapshot
// option, from the TBR analysis) and calls the original procedure; the
// backward sweep restores them and calls the adjoint version, which runs
// the callee's forward and backward sweeps, saving around it what that
// overwrites and the code before the call still needs. Nothing the
// callee does not define is saved. In store-all mode a call saves every
// variable the callee may define. An active variable passed to a dummy
// outside the callee's activity pattern that the callee may define, and
// an active global it may define outside the pattern, get a zero adjoint
// (passive_calls.go). Character variables are not recorded (no partial,
// subscript or bound reads one); one a call's adjoint reads and the code
// after it overwrites is rejected; character module scalars a callee
// reads or defines are saved as character codes (char_saves.go). OPTIONAL
// dummies have OPTIONAL adjoints, absent where the argument is
// (optional.go).
//
// A function f becomes a subroutine f_b(args with adjoints, fadj_result_b)
// whose last argument, intent(in), is the adjoint of its result (the result
// is a local variable of f_b). A reference of f with an adjoint version on
// the right of an assignment runs forward as it is; in the backward sweep, at
// the point of the assignment (state restored), the adjoint of the
// reference's value goes into a temporary and call f_b(args with adjoints,
// temporary) adds to the arguments' adjoints. Its active arguments must be
// variables with adjoints.
//
// A CALL reversed in split mode (Config.Split) calls foo_fwd in the forward
// sweep and foo_bwd in the backward sweep instead (split.go). EXIT, CYCLE,
// forward GO TO and RETURN are reversed by recorded markers (jumps.go);
// STOP and ERROR STOP end the program in the forward sweep, so they have
// no adjoint;
// module procedures and module and common-block variables are described
// in globals.go; calls of procedures without a derivative version in
// passive.go.
//
// DATA statements are copied into the adjoint routines, after the
// declarations: the passive variables they set are constants of the
// adjoint as of the original. An active saved variable (DATA, SAVE or an
// initialiser) is rejected where it gets its SAVE: its value and its
// derivative would carry over from one call to the next.
//
// What is not handled returns an error starting with "not supported yet:"
// rather than wrong code, at the construct's position, every statement
// and version tried first so that all come in one sorted list: references of active functions outside the right
// side of assignments (conditions, subscripts, loop bounds, CALL arguments)
// or with expressions as active arguments, array-valued or non-real active
// function results, functions using module or common variables that the
// program writes, internal procedures of a main program, active saved
// variables and pointers among globals or associated inside loops (pointer.go) (allocatables: alloc.go; derived types: derived.go), the blank common block, complex active
// dummies and globals (complex.go), backward GO TO that generator/restructure could not make a
// loop, assigned GO TO on a variable used otherwise too, arithmetic IF on a function reference with three labels,
// implied DO loops in active array constructors, active WHERE bodies with
// transformational intrinsics (where.go), FORALL constructs holding other than assignments or
// whose mask reads what they define (forall.go), READs from an external unit in
// code the adjoint runs again and READ items whose subscripts a later item
// defines (io.go, io_reexec.go; READ into active variables is supported),
// ALLOCATE with an active SOURCE= and STAT= or ERRMSG=, allocatable module variables in split mode, calls with
// active array elements passed to array dummies that a procedure without
// a derivative version may overwrite, active
// arguments that are expressions for dummies the callee may define (an expression for one it only reads is
// passed with a temporary adjoint: call_exprs.go), vector subscripts on complex left sides (vecsub.go), statement functions whose
// value is converted on return (the others are expanded before: generator/inline), DO
// variables other than default integers, and recorded variables whose type
// has no tape (kinds other than real 4/8, integer 4/8 and default logical).
package adjoint

import (
	"fmt"
	"github.com/fadj-dev/fadj/generator/source"
	"strconv"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/analysis/fixedpoint"
	"github.com/fadj-dev/fadj/generator/analysis/tbr"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/plan"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Config configures the transformation.
type Config struct {
	// Suffix is appended to adjoint variables and routines; "_b" if empty.
	Suffix string
	// RuntimeModule is the name of the tape module; "fadj_runtime" if
	// empty.
	RuntimeModule string
	// Plan says how each call is reversed (jointly, with its snapshot
	// option, or in split mode: split.go). Nil: all joint, lazy.
	Plan *plan.Plan
	// StoreAll makes the forward sweep record the old value of every
	// overwritten left-hand side and modifiable CALL argument (the
	// "store-all" baseline) instead of only the references the TBR
	// analysis lists. It is also used when Generate gets no TBR result
	// for a version.
	StoreAll bool
	// Recomputed, if not nil, gets the statements whose values the
	// backward sweep recomputes rather than restores from the tape
	// (recompute.go), for reports (fadj explain).
	Recomputed map[ast.Stmt]bool
	// Dead, if not nil, gets the statements the adjoint's forward sweep
	// leaves out (live.go), with what they would record.
	Dead map[ast.Stmt]bool
	// SourceRef, if not nil, names the source line of an assignment in
	// a comment heading its adjoint statements (backref.go).
	SourceRef SourceRef
	// FixedPoints are the decisions of the fixed-point loops, reversed
	// by the two-phase adjoint (fixedpoint.go).
	FixedPoints map[*ast.DoConstruct]*fixedpoint.Decision
	// Strategy is store (the default), recompute or auto, with auto's
	// Weights (DefaultWeights if zero); Decisions, if not nil, gets
	// ERA's decisions (era.go).
	Strategy  Strategy
	Weights   Weights
	Decisions *[]Decision
	// RoutineStrategies override Strategy for the versions of some
	// routines (the spec's strategy_overrides), by routine.
	RoutineStrategies map[*sema.Symbol]Strategy
	// RegionStrategies override them for the statements of some BLOCK
	// constructs (the spec's strategy_regions, era_plan.go).
	RegionStrategies map[*ast.BlockConstruct]Strategy
	// RecomputeSnapshots are the snapshots of the loops recompute
	// checkpoints (DefaultRecomputeSnapshots if 0; era_loop.go).
	RecomputeSnapshots int
	// Augmented are the modules whose derivative code the driver puts
	// inside them (output.augment): it sees their private entities, so
	// none is copied into the derivative module (decl.Private).
	Augmented map[*sema.Symbol]bool
}

// Generate returns a new file holding, for each procedure version in act
// (callees first), its adjoint routine.
func Generate(prog *sema.Program, act *activity.Result, rec *tbr.Result, conf Config) (*ast.File, error) {
	if conf.Suffix == "" {
		conf.Suffix = "_b"
	}
	if conf.RuntimeModule == "" {
		conf.RuntimeModule = "fadj_runtime"
	}
	if act == nil {
		return nil, fmt.Errorf("adjoint: no activity result")
	}
	out := &ast.File{Name: "adjoint.f90", Form: ast.FreeForm}
	var target *sema.Symbol
	if act.Target != nil {
		target = act.Target.Proc
	}
	sh := newShared(prog.Info, prog.Files, target)
	sh.target = act.Target
	// The adjoints of module procedures and variables go into a module
	// <mod>_b that uses the original module (globals.go).
	mods := map[*sema.Symbol]*ast.Unit{}
	modOf := func(m *sema.Symbol) *ast.Unit {
		if mods[m] == nil {
			name := ast.NewIdent(m.Name + conf.Suffix)
			mods[m] = &ast.Unit{Kind: ast.ModuleUnit, Name: name,
				Decls: []ast.Stmt{&ast.UseStmt{Module: ast.NewIdent(m.Name)}, &ast.ImplicitStmt{None: true}},
				End:   ast.EndStmt{Keyword: "module", Name: name}}
		}
		return mods[m]
	}
	sh.plan = conf.Plan
	sh.fixed = conf.FixedPoints
	sh.forms = formsOf(act, conf.Plan)
	var ext []*ast.Unit
	var dyn decl.DynSplit
	// Every version is tried, so that what is not supported yet is
	// reported together.
	var errs diag.List
	for _, pa := range act.Procs {
		for _, split := range sh.forms[pa].list() {
			us, g, err := generateForm(prog, pa, rec, conf, sh, split)
			if err != nil {
				errs.AddErr(prog.Fset, unitPos(pa), err)
				continue
			}
			g.guardOptionals(us) // optional.go
			g.retypeDynamic(us)  // oop_dyntype.go
			sh.units[pa] = append(sh.units[pa], us...)
			if g.host != nil {
				hu := g.host.Unit
				if split {
					// foo_fwd runs in the host's forward sweep, foo_bwd
					// in its backward sweep.
					sh.internalFwd[hu] = append(sh.internalFwd[hu], us[:len(us)-1]...)
					us = us[len(us)-1:]
				}
				sh.internal[hu] = append(sh.internal[hu], us...)
				continue
			}
			if g.module == nil {
				ext = append(ext, us...)
				continue
			}
			if dyn.Take(g.info, g.scope, g.module, conf.Augmented[g.module], pa.Unit, us) { // decl/oop_dynsplit.go
				continue
			}
			m := modOf(g.module)
			sh.origs[g.module] = append(sh.origs[g.module], pa.Unit)
			m.Contains = &ast.StmtHeader{}
			m.Procs = append(m.Procs, us...)
		}
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	for _, m := range prog.Info.Modules {
		if d := sh.modDecls[m]; len(d) > 0 {
			u := modOf(m)
			u.Decls = append(u.Decls, d...)
		}
		if u := mods[m]; u != nil && conf.Augmented[m] {
			out.Units = append(out.Units, u)
		} else if u != nil {
			// What the adjoints need of m's private entities.
			decls, procs, err := decl.Private(prog.Info, prog.Fset, m.Inner, sh.origs[m])
			if err != nil {
				return nil, err
			}
			u.Decls = decl.WithUses(u.Decls, decl.PrivateUses(m.Inner))
			u.Decls = append(u.Decls, decls...)
			if len(procs) > 0 {
				u.Contains = &ast.StmtHeader{}
				u.Procs = append(u.Procs, procs...)
			}
			out.Units = append(out.Units, u)
		}
		if u := mods[m]; u != nil {
			ompThreadprivate(u, m, sh.threadprivate, conf.Suffix) // omp_globals.go
		}
	}
	units, err := dyn.Finish(prog, conf.Suffix, mods, out.Units)
	if err != nil {
		return nil, err
	}
	out.Units = append(units, ext...)
	out.Units, err = orderModules(prog, out.Units) // oop_dyntype.go
	return out, err
}

// forms are the adjoint routines a version needs: joint (foo_b, which
// re-runs the callee: the target's, functions', and those of jointly
// reversed calls) and split (foo_fwd and foo_bwd, for split calls).
type forms struct{ joint, split bool }

// list returns the forms to generate, as the split flag of each.
func (f forms) list() []bool {
	var out []bool
	if f.joint {
		out = append(out, false)
	}
	if f.split {
		out = append(out, true)
	}
	return out
}

// formsOf returns the forms each version needs, from the reversal of the
// calls of it (a version no CALL statement reaches, the target or a
// function, is joint).
func formsOf(act *activity.Result, p *plan.Plan) map[*activity.ProcActivity]forms {
	out := map[*activity.ProcActivity]forms{}
	for _, caller := range act.Procs {
		if caller.Unit == nil {
			continue
		}
		ast.Inspect(&ast.Unit{Body: caller.Unit.Body}, func(n ast.Node) bool {
			s, ok := n.(*ast.CallStmt)
			if !ok {
				return true
			}
			if callee := caller.CallPattern(s); callee != nil {
				f := out[callee]
				if p.Call(s).Mode == plan.Split && callee != act.Target && callee.Unit != nil && callee.Unit.Kind == ast.SubroutineUnit {
					f.split = true
				} else {
					f.joint = true
				}
				out[callee] = f
			}
			return true
		})
	}
	for _, pa := range act.Procs {
		if f := out[pa]; !f.joint && !f.split {
			out[pa] = forms{joint: true}
		}
	}
	return out
}

// generateForm generates one form of version pa.
func generateForm(prog *sema.Program, pa *activity.ProcActivity, rec *tbr.Result, conf Config, sh *shared, split bool) ([]*ast.Unit, *gen, error) {
	g := &gen{fset: prog.Fset, info: prog.Info, pa: pa, suffix: conf.Suffix, runtime: conf.RuntimeModule,
		declared: map[string]bool{}, sh: sh, useMods: map[*sema.Symbol]bool{}, noRecord: map[ast.Stmt]bool{},
		recomps: map[ast.Stmt]map[int]*recomputation{}, split: split, sourceRef: conf.SourceRef}
	g.eraConfig(conf)
	if !conf.StoreAll {
		g.tbr = rec.Version(pa) // nil: store-all
	}
	us, err := g.unit()
	for s := range g.noRecord {
		if conf.Recomputed != nil {
			conf.Recomputed[s] = true
		}
	}
	for s, dead := range g.dead {
		if dead && conf.Dead != nil {
			conf.Dead[s] = true
		}
	}
	return us, g, err
}

// splitCall reports whether call s, of a version with derivatives, is
// reversed in split mode.
func (g *gen) splitCall(s *ast.CallStmt) bool {
	callee := g.pa.CallPattern(s)
	return callee != nil && g.sh.forms[callee].split && g.sh.plan.Call(s).Mode == plan.Split && callee != g.sh.target
}

// unitPos is where an error of version pa without a position of its own
// is reported: its routine's statement.
func unitPos(pa *activity.ProcActivity) source.Pos {
	if pa.Unit != nil {
		return pa.Unit.Pos()
	}
	return pa.Proc.Pos
}

func notSupported(format string, args ...any) error {
	return fmt.Errorf("not supported yet: "+format, args...)
}

func routineName(pa *activity.ProcActivity, suffix string) string {
	name := pa.Proc.Name
	if pa.Unit != nil && pa.Unit.Name != nil {
		name = pa.Unit.Name.Name
	}
	name += suffix
	if pa.Index > 0 {
		name += strconv.Itoa(pa.Index + 1)
	}
	return name
}

type gen struct {
	fset    *source.FileSet // to position errors at the statement they concern
	info    *sema.Info
	pa      *activity.ProcActivity
	suffix  string
	runtime string
	scope   *sema.Scope

	decls    []ast.Stmt
	declared map[string]bool
	omp      ompState // omp_region.go
	ntmp     int
	nsave    int // fadj_save<n> arrays (hoist.go)
	nfp      int // fixed-point loops (fixedpoint.go)
	nbn      int // checkpointed loops (binomial.go)
	nbnCopy  int // copies of their bodies (binomial.go)
	depth    int

	// fpOuter is the number of the outermost fixed-point loop being
	// reversed (fixedpoint_copy.go).
	fpOuter string

	// sh is shared by the versions of one Generate; module is the module
	// of a module procedure (nil for an external one); useMods are the
	// modules whose adjoint module the routine uses; uses are USE
	// statements the routine needs for globals it records (globals.go).
	sh      *shared
	module  *sema.Symbol
	host    *sema.Scope // the host of an internal procedure
	useMods map[*sema.Symbol]bool
	uses    []ast.Stmt

	// tbr lists the references to record before each statement; nil
	// for store-all.
	tbr *tbr.ProcTBR

	// jumps are the body's EXIT, CYCLE, GO TO and RETURN statements;
	// part holds, for each jump inside the statement being reversed, the
	// backward sweep of what ran up to it (jumps.go).
	bwdPrefix   []ast.Stmt                          // split mode: the snapshot pops starting foo_bwd
	splitAssocs []ast.Stmt                          // split mode: pointer associations starting foo_bwd (split_pointer.go)
	bwdAssocs   []ast.Stmt                          // pointers to module grids' components associated again at the backward sweep's start (wrf_module_target.go)
	noRecord    map[ast.Stmt]bool                   // assignments recomputed rather than recorded
	recomps     map[ast.Stmt]map[int]*recomputation // by the list's first statement (recomp)
	eraState                                        // era.go

	whereShiftState // where_shift.go

	// dead are the assignments the forward sweep leaves out, deadIndex
	// the DO loops whose index is dead after them (live.go).
	dead      map[ast.Stmt]bool
	deadIndex map[*ast.DoConstruct]bool
	// loops are the DO constructs enclosing the statement being reversed.
	loops []*ast.DoConstruct

	jumps *jumpTable
	part  map[int][]ast.Stmt
	npos  int // position variables of lists reversed by listRev.general

	// indexes index the statement lists the recomputation asks about,
	// by their first element (refindex.go); mayDef memoizes MayDefine.
	indexes map[*ast.Stmt]*sizedIndex
	mayDef  map[*sema.Symbol]bool
	// blockTemps memoizes blockTemp (recompute_blocks.go).
	blockTemps map[*sema.Symbol]bool

	// replays are the replay plans of local pointers (pointer_replay.go).
	replays map[*sema.Symbol]*replayPlan
	// compReplays are those of POINTER components, by reference (ptrcomp.go).
	compReplays map[string]*replayPlan
	mptr        *modPtrState // module pointers (ptr_module.go)

	// split says that this is the split form of the version (foo_fwd
	// and foo_bwd), not the joint one (foo_b).
	split bool

	// sourceRef names source lines in back-references (backref.go).
	sourceRef SourceRef

	// result is the result variable of a function, nil for a
	// subroutine; its adjoint is named resultB.
	result  *sema.Symbol
	resultB string

	// hoist holds the references with side effects hoisted out of the
	// statement being reversed (funcref_hoist.go).
	hoist *hoisting

	// seqCounts are the element counts of elements saved by sequence
	// association (legacy_reach.go).
	seqCounts map[ast.Expr]ast.Expr
	// splitSecs are the sections of assumed-size dummies foo_fwd leaves
	// for foo_bwd (legacy_split_reach.go).
	splitSecs map[*sema.Symbol]ast.Expr
}

func inPattern(pa *activity.ProcActivity, s *sema.Symbol) bool {
	return pa.ActiveIn(s) || pa.ActiveOut(s)
}

func isFloat(t *sema.Type) bool { return t != nil && (t.IsReal() || t.IsComplex()) }

// hasAdj reports whether variable s has an adjoint in the routine.
func (g *gen) hasAdj(s *sema.Symbol) bool {
	if s == nil || s.Kind != sema.VarSym || !hasShadow(s.Type) {
		return false
	}
	if s.IsDummy() && inPattern(g.pa, s) {
		return true
	}
	if s == g.result && g.result != nil {
		return true
	}
	return g.pa.ActiveVar(s)
}

func containsStmt(list []ast.Stmt, s ast.Stmt) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func containsSym(list []*sema.Symbol, s *sema.Symbol) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// decl declares the adjoint of variable s.
func (g *gen) decl(s *sema.Symbol) (ast.Stmt, error) {
	d := &ast.TypeDecl{Type: decl.Type(s, s.Type.IsComplex(), s.Owner == g.scope), DColon: true}
	if decl.IsDerived(s.Type) {
		d.Type = decl.DerivedType(s.Type) // derived.go
		if g.info.MonoClass[s] {
			d.Type.Kind = ast.Class // (sema/oop_static.go)
		}
	}
	dummy := s.IsDummy() && inPattern(g.pa, s)
	if dummy {
		d.Attrs = append(d.Attrs, &ast.Attr{Kind: ast.AttrIntent, Intent: ast.IntentInOut})
		if s.Attrs.Has(sema.AttrOptional) {
			d.Attrs = append(d.Attrs, &ast.Attr{Kind: ast.AttrOptional}) // optional.go
		}
		if s.Attrs.Has(sema.AttrContiguous) { // (a pointer with bounds may view it: pointer_remap.go)
			d.Attrs = append(d.Attrs, &ast.Attr{Kind: ast.AttrContiguous})
		}
		if s.Attrs.Has(sema.AttrValue) && !g.valueAdjOK(s) { // value.go
			return nil, notSupported("active VALUE dummy '%s' in reverse mode (an array, not real, or calls: split)", s.Name)
		}
	}
	e := &ast.Entity{Name: ast.NewIdent(g.aname(s))}
	for _, dim := range s.Dims {
		switch dim.Kind {
		case sema.ExplicitShape:
			e.Dims = append(e.Dims, &ast.Dim{Lo: dim.Lo.Expr, Hi: dim.Hi.Expr, Colon: dim.Lo.Expr != nil})
		case sema.AssumedSize:
			if !dummy {
				return nil, notSupported("local adjoint of assumed-size dummy '%s'", s.Name)
			}
			e.Dims = append(e.Dims, &ast.Dim{Lo: dim.Lo.Expr, Hi: &ast.StarExpr{}, Colon: dim.Lo.Expr != nil})
		case sema.AssumedShape:
			if !dummy {
				return nil, notSupported("local adjoint of assumed-shape dummy '%s'", s.Name)
			}
			e.Dims = append(e.Dims, &ast.Dim{Lo: dim.Lo.Expr, Colon: true})
		case sema.DeferredShape:
			if !decl.IsAllocatable(s) && !s.Attrs.Has(sema.AttrPointer) {
				return nil, notSupported("deferred-shape active variable '%s'", s.Name)
			}
			e.Dims = append(e.Dims, &ast.Dim{Colon: true}) // alloc.go
		default:
			return nil, notSupported("deferred-shape active variable '%s'", s.Name)
		}
	}
	if decl.IsAllocatable(s) {
		d.Attrs = append(d.Attrs, &ast.Attr{Kind: ast.AttrAllocatable})
	}
	pointerAttrs(s, d) // pointer.go
	for _, dim := range e.Dims {
		if dim.Hi == nil && dim.Lo == nil && !dim.Colon {
			return nil, notSupported("bounds of '%s'", s.Name)
		}
	}
	d.Entities = []*ast.Entity{e}
	return d, nil
}

// aname is the name of the adjoint of variable s.
func (g *gen) aname(s *sema.Symbol) string {
	if s == g.result && g.result != nil {
		return g.resultB
	}
	return s.Name + g.suffix
}

// local declares (once) a generated local variable.
func (g *gen) local(name string, t *sema.Type) (*ast.Ident, error) {
	if !g.declared[name] {
		if g.scope.LookupLocal(name) != nil {
			return nil, notSupported("generated name '%s' clashes with a name of '%s'", name, g.pa.Proc.Name)
		}
		g.declared[name] = true
		ts := &ast.TypeSpec{Kind: ast.Integer}
		if t.IsReal() {
			ts = &ast.TypeSpec{Kind: ast.Real, KindSel: deriv.Int(t.Kind)}
		} else if t.IsComplex() {
			ts = &ast.TypeSpec{Kind: ast.Complex, KindSel: deriv.Int(t.Kind)} // complex.go
		} else if t.Kind != 4 {
			ts.KindSel = deriv.Int(t.Kind)
		}
		g.decls = append(g.decls, &ast.TypeDecl{Type: ts, DColon: true, Entities: []*ast.Entity{{Name: ast.NewIdent(name)}}})
	}
	return ast.NewIdent(name), nil
}

var intType = sema.BasicType(sema.IntegerType, 4)

func exprString(x ast.Expr) string {
	if x == nil {
		return ""
	}
	switch x := x.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.CallExpr:
		return exprString(x.Fun) + "(...)"
	case *ast.SelectorExpr:
		return exprString(x.X) + "%" + x.Sel.Name
	}
	return "<expression>"
}

func call(name string, args ...ast.Expr) ast.Stmt {
	return &ast.CallStmt{Name: ast.NewIdent(name), Args: args, Parens: true}
}

func eq(a, b ast.Expr) ast.Expr {
	return &ast.BinaryExpr{X: a, Op: token.EQ, OpLit: "==", Y: b}
}

// sameStmt reports whether a and b are the same assignment.
func sameStmt(a, b ast.Stmt) bool {
	x, ok1 := a.(*ast.AssignStmt)
	y, ok2 := b.(*ast.AssignStmt)
	return ok1 && ok2 && ast.Equal(x.Lhs, y.Lhs) && ast.Equal(x.Rhs, y.Rhs)
}
