// Package tbr is fadj's To-Be-Recorded analysis: which values the forward
// sweep of a reverse-mode (adjoint) procedure must push before they are
// overwritten, because the backward sweep needs them to evaluate the local
// partial derivatives of a statement executed later in the forward order.
//
// # Flow equations
//
// The analysis follows Naumann ("Reducing the memory requirement in reverse
// mode AD by solving TBR flow equations"). A set TBR of variables flows
// forward through the structured body of each procedure version found by the
// activity analysis. For an assignment s: v = f(u),
//
//	TBR(s)  = args(f'(u)) ∪ idxargs(u) ∪ idxargs(v)    (empty if s is passive)
//	Kill(s) = (In(s) ∪ TBR(s)) ∩ {v}                   record v before s if not empty
//	Out(s)  = (In(s) ∪ TBR(s)) \ {v}                   (no kill for an element or a part of v; v(:, :) kills)
//
// where args(f'(u)) are the variables the local partials of an active
// statement reference: nothing through + and -; for a*b, the variables of b if
// a is active and those of a if b is active; for a/b those of b if a is active
// and those of both if b is active; for ** and for a nonlinear intrinsic or a
// user function with an active argument, all the variables of the operands.
// An intrinsic without partials (the Constant and Passive classes of
// package intrinsic: int, floor, size, ...) needs nothing. The linear
// intrinsics (intrinsic.Facts.Linear: real, dble, cmplx, aimag, conjg,
// sum, transpose, spread, reshape, cshift, eoshift) are looked through. idxargs are the
// variables of every subscript in the statement (integer indices the adjoint
// needs to address the element again). The condition of a branch or loop is
// not included: branch choices and trip counts are recorded separately by the
// adjoint generator.
//
// When v is recorded and is an element or section of an array (in an active or
// a passive statement), the variables of its subscripts are added to Out(s):
// the backward sweep needs them to restore the element.
//
// Sequences compose; a branch (IF, SELECT CASE, WHERE) gives the union of its
// branches' outgoing sets, with the incoming set when a branch may be skipped;
// a loop (DO, DO WHILE, DO CONCURRENT, FORALL) is analysed with two passes
// over its body, the second starting from the union of the entry set and the
// first pass's exit set, which suffices for these gen/kill equations; its
// outgoing set is the union of the entry set and the second pass's exit set
// (zero-trip loops). EXIT and CYCLE add the set at that point to the sets of the
// enclosing loops. The DO variable is not recorded inside the loop (the adjoint
// loop restores it) and is removed from the set after it; if it is TBR before
// the loop, the loop overwrites it and it is recorded before the DO statement.
//
// A call in split mode is the same, except that nothing is killed: the
// callee's backward sweep (foo_bwd) is called with the actual arguments
// as they were after the call.
//
// A CALL in joint mode is a checkpoint (checkpoint.go): the callee's
// adjoint re-runs it from a snapshot. What the call saves (Checkpoint:
// Snp, Sbk, Req_C) and its transfer function come from the data-flow
// equations of checkpointing (package snapshot), with the callee's
// effects on its arguments and on module, common and host variables from
// modref. A split call, and a call of a procedure without derivatives, is
// as before: the variables of the arguments are required after it (the
// split callee's backward sweep evaluates them), and an argument the
// callee may define that is required is recorded whole before the call.
//
// A procedure that transfers control by label (activity's Flat) is analysed
// without kills: every assignment whose variable is in the union of all the
// TBR(s) of the procedure is recorded.
//
// # Store-all baseline
//
// StoreAll is the "store all overwritten values" strategy: besides what the
// TBR analysis records (the overwritten indices the adjoint needs), every
// assignment to a real or complex variable (active or passive) records the old
// value, and every CALL records the real actual arguments the callee may
// define.
package tbr

import (
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/generator/analysis"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/analysis/modref"
	"github.com/fadj-dev/fadj/generator/analysis/snapshot"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/intrinsic"
	"github.com/fadj-dev/fadj/generator/plan"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Var is a variable in a TBR set: TBR is tracked per whole variable (Path is
// always "").
type Var = activity.Var

// Config selects the recording strategy.
type Config struct {
	// StoreAll records every overwritten real value instead of the TBR
	// ones only.
	StoreAll bool
	// Plan says how each call is reversed. A split call's backward
	// sweep (foo_bwd) runs from the caller's state at the call's place in
	// the caller's backward sweep, so the variables of the actual
	// arguments stay needed after the call. Nil: all joint.
	Plan *plan.Plan
}

// Analyzer computes the values to record with the TBR analysis. Its result is
// a *Result.
var Analyzer = New("tbr", Config{})

// StoreAll computes the values to record with the store-all strategy. Its
// result is a *Result.
var StoreAll = New("tbr-storeall", Config{StoreAll: true})

// New returns an analyzer named name computing the values to record with
// configuration cfg. Its result is a *Result.
func New(name string, cfg Config) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     name,
		Doc:      "tbr: which overwritten values the forward sweep of the adjoint must record",
		Requires: []*analysis.Analyzer{activity.Analyzer, modref.Analyzer},
		Run: func(p *analysis.Pass) (any, error) {
			return run(p, cfg)
		},
	}
}

// Result holds the values to record in each procedure version.
type Result struct {
	Config Config
	// Procs are the versions, in the order of activity.Result.Procs.
	Procs []*ProcTBR
	byVer map[*activity.ProcActivity]*ProcTBR
}

// Version returns the recording information of version pa, or nil if pa is
// not a version of this request.
func (r *Result) Version(pa *activity.ProcActivity) *ProcTBR {
	if r == nil {
		return nil
	}
	return r.byVer[pa]
}

// Records returns the number of references recorded over all versions
// (static count: one per reference per statement).
func (r *Result) Records() int {
	n := 0
	for _, p := range r.Procs {
		n += p.Records()
	}
	return n
}

// ProcTBR is the recording information of one procedure version.
type ProcTBR struct {
	Activity *activity.ProcActivity
	record   map[ast.Stmt][]ast.Expr
	globals  map[*ast.CallStmt][]*sema.Symbol // passive_globals.go
	// checkpoints are the jointly reversed calls (checkpoint.go).
	checkpoints map[*ast.CallStmt]*Checkpoint
	regions     map[ast.Stmt]*snapshot.Decision // eager and auto loops and regions (region.go)
	in, out     map[ast.Stmt]set
	reads       map[ast.Stmt]set // TBR(s) of active assignments
	// adjoint is what the joint adjoint of this version reads on entry
	// and may define (summary.go), nil if it is not pruned.
	adjoint *summary
}

// RecordBefore returns the references whose values the forward sweep must
// push before executing statement s (and the backward sweep pop before the
// adjoint of s): the left-hand side of an assignment (y, a(i), p%x: for an
// array element the element, not the array), the whole actual arguments of a
// CALL, the DO variable of a loop. Nil if nothing is to be recorded. The
// expressions are those of the body; do not modify them.
func (p *ProcTBR) RecordBefore(s ast.Stmt) []ast.Expr {
	if p == nil {
		return nil
	}
	return p.record[s]
}

// Records returns the number of references recorded in the version.
func (p *ProcTBR) Records() int {
	n := 0
	for _, l := range p.record {
		n += len(l)
	}
	return n
}

// Required returns the TBR set before (after false) or after statement s,
// sorted by name: the variables whose current value the backward sweep
// needs. For a statement in a loop it is the union over the iterations.
func (p *ProcTBR) Required(s ast.Stmt, after bool) []Var {
	if p == nil {
		return nil
	}
	m := p.in
	if after {
		m = p.out
	}
	return sorted(m[s])
}

// AdjointReads returns TBR(s) of an active assignment s (see the package
// documentation), sorted by name: the variables whose values at s the
// adjoint of s reads. Nil for other statements.
func (p *ProcTBR) AdjointReads(s ast.Stmt) []Var {
	if p == nil {
		return nil
	}
	return sorted(p.reads[s])
}

func sorted(m set) []Var {
	var vs []Var
	for sym := range m {
		vs = append(vs, Var{Sym: sym})
	}
	sort.Slice(vs, func(i, j int) bool {
		if vs[i].Sym.Name != vs[j].Sym.Name {
			return vs[i].Sym.Name < vs[j].Sym.Name
		}
		return vs[i].Sym.Pos < vs[j].Sym.Pos
	})
	return vs
}

type set map[*sema.Symbol]bool

func (s set) copy() set {
	c := make(set, len(s))
	for k := range s {
		c[k] = true
	}
	return c
}

func (s set) addAll(t set) {
	for k := range t {
		s[k] = true
	}
}

func union(a, b set) set {
	c := a.copy()
	c.addAll(b)
	return c
}

func run(p *analysis.Pass, cfg Config) (any, error) {
	act, _ := analysis.Get[*activity.Result](p.ResultOf, activity.Analyzer)
	res := &Result{Config: cfg, byVer: map[*activity.ProcActivity]*ProcTBR{}}
	if act == nil {
		return res, nil
	}
	mr, _ := analysis.Get[*modref.Result](p.ResultOf, modref.Analyzer)
	if mr == nil {
		mr = modref.New(p.Prog.Info)
	}
	for _, pa := range act.Procs {
		pt := &ProcTBR{
			Activity:    pa,
			record:      map[ast.Stmt][]ast.Expr{},
			checkpoints: map[*ast.CallStmt]*Checkpoint{},
			regions:     map[ast.Stmt]*snapshot.Decision{},
			in:          map[ast.Stmt]set{},
			out:         map[ast.Stmt]set{},
			reads:       map[ast.Stmt]set{},
		}
		flat := pa.Flat || namedExit(pa.Unit) // named_exit.go
		a := &analyzer{info: p.Prog.Info, pa: pa, pt: pt, cfg: cfg, noKill: flat, modref: mr, results: res.byVer}
		if pa.Unit != nil {
			a.scope = p.Prog.Info.ScopeOf(pa.Unit)
			a.body = modref.NewBody(pa.Unit.Body)
		}
		if pa.Unit != nil {
			out := a.stmts(pa.Unit.Body, set{})
			if flat {
				// Without kills the first pass collects every TBR(s);
				// the second sees them all at every statement.
				a.stmts(pa.Unit.Body, out)
			}
			if !cfg.StoreAll && !flat {
				pt.adjoint = summarize(a.info, a.scope, pa.Unit, pt, mr)
			}
		}
		res.Procs = append(res.Procs, pt)
		res.byVer[pa] = pt
	}
	return res, nil
}

type analyzer struct {
	info   *sema.Info
	modref *modref.Result
	// results are the versions analysed so far (callees before their
	// callers): what a callee's adjoint restores (checkpoint.go).
	results map[*activity.ProcActivity]*ProcTBR
	scope   *sema.Scope
	pa      *activity.ProcActivity
	body    *modref.Body // pa's, for the code after each call
	pt      *ProcTBR
	cfg     Config
	noKill  bool
	loops   []set // sets escaping the enclosing loops (EXIT, CYCLE)
	doVars  []*sema.Symbol
}

func (a *analyzer) addRecord(s ast.Stmt, x ast.Expr) {
	for _, y := range a.pt.record[s] {
		if y == x {
			return
		}
	}
	a.pt.record[s] = append(a.pt.record[s], x)
}

func (a *analyzer) note(m map[ast.Stmt]set, s ast.Stmt, v set) {
	if m[s] == nil {
		m[s] = set{}
	}
	m[s].addAll(v)
}

func (a *analyzer) stmts(list []ast.Stmt, in set) set {
	cur := in
	for _, s := range list {
		cur = a.stmt(s, cur)
	}
	return cur
}

// stmt returns Out(s) given In(s); it does not modify in.
func (a *analyzer) stmt(s ast.Stmt, in set) set {
	a.note(a.pt.in, s, in)
	out := a.transfer(s, in)
	a.note(a.pt.out, s, out)
	return out
}

// transferOwn is transfer but for what references of functions in s's
// own expressions define (funcdefs.go).
func (a *analyzer) transferOwn(s ast.Stmt, in set) set {
	switch s := s.(type) {
	case *ast.AssignStmt:
		return a.assign(s, s, in)
	case *ast.CallStmt:
		return a.call(s, in)
	case *ast.IfStmt:
		return union(in, a.stmt(s.Action, in))
	case *ast.IfConstruct:
		out := set{}
		hasElse := false
		for _, b := range s.Branches {
			out.addAll(a.stmts(b.Body, in))
			if b.Cond == nil {
				hasElse = true
			}
		}
		if !hasElse {
			out.addAll(in)
		}
		return out
	case *ast.SelectCase:
		out := set{}
		hasDefault := false
		for _, c := range s.Cases {
			out.addAll(a.stmts(c.Body, in))
			if c.Default {
				hasDefault = true
			}
		}
		if !hasDefault {
			out.addAll(in)
		}
		return out
	case *ast.SelectType:
		out := set{}
		hasDefault := false
		for _, g := range s.Guards {
			out.addAll(a.stmts(g.Body, in))
			hasDefault = hasDefault || g.Kind == ast.ClassDefault
		}
		if !hasDefault {
			out.addAll(in)
		}
		return out
	case *ast.WhereStmt:
		return union(in, a.stmt(s.Assign, in))
	case *ast.WhereConstruct:
		out := in.copy()
		for _, b := range s.Branches {
			out.addAll(a.stmts(b.Body, in))
		}
		return out
	case *ast.DoConstruct:
		var vars []*sema.Symbol
		if s.Var != nil {
			if v := a.varSym(s.Var); v != nil {
				vars = append(vars, v)
				if in[v] && !a.isDoVar(v) {
					a.addRecord(s, s.Var)
				}
			}
		}
		for _, sp := range s.Concurrent {
			if v := a.varSym(sp.Var); v != nil {
				vars = append(vars, v)
			}
		}
		if a.checkpointedSteps(s) {
			return a.region(s, s.Body, in, a.steps(s.Body, vars, in)) // region.go
		}
		return a.region(s, s.Body, in, a.loop(s.Body, vars, in)) // region.go
	case *ast.ForallStmt:
		var vars []*sema.Symbol
		for _, sp := range s.Specs {
			if v := a.varSym(sp.Var); v != nil {
				vars = append(vars, v)
			}
		}
		return a.loop([]ast.Stmt{s.Assign}, vars, in)
	case *ast.ForallConstruct:
		var vars []*sema.Symbol
		for _, sp := range s.Specs {
			if v := a.varSym(sp.Var); v != nil {
				vars = append(vars, v)
			}
		}
		return a.loop(s.Body, vars, in)
	case *ast.BlockConstruct:
		return a.region(s, s.Body, in, a.stmts(s.Body, in))
	case *ast.AssociateConstruct:
		return a.stmts(s.Body, in)
	case *ast.ExitStmt, *ast.CycleStmt:
		for _, l := range a.loops {
			l.addAll(in)
		}
		return in
	case *ast.IOStmt:
		return a.read(s, in) // io_read.go
	}
	return in
}

// loop analyses a loop body with two passes (Naumann): the second starts from
// the union of the entry set and the first pass's exit set.
func (a *analyzer) loop(body []ast.Stmt, vars []*sema.Symbol, in set) set {
	return a.inLoop(vars, in, func(esc set) set {
		o1 := a.stmts(body, in)
		in2 := union(in, o1)
		in2.addAll(esc)
		return a.stmts(body, in2)
	})
}

// checkpointedSteps reports whether DO construct s is a loop the spec
// checkpoints: the adjoint records each of its steps and at once reverses
// it, from a snapshot (generator/ad/adjoint/binomial.go).
func (a *analyzer) checkpointedSteps(s *ast.DoConstruct) bool {
	r := a.cfg.Plan.Region(s)
	return r != nil && r.Spec != nil
}

// steps analyses the body of a checkpointed loop in one pass from the set
// before the loop: a step's adjoint runs right after its record, or after
// the code after the loop for the last step, never after a later step, so
// nothing a later step overwrites is needed by an earlier step's adjoint
// (loop's second pass). The set before the loop stays required in every
// step: the first step's tape restores it for the code before the loop.
func (a *analyzer) steps(body []ast.Stmt, vars []*sema.Symbol, in set) set {
	return a.inLoop(vars, in, func(set) set { return a.stmts(body, in) })
}

// inLoop runs pass, the analysis of a loop's body, with the loop's DO
// variables and its set of EXITs (esc) pushed, and returns the set after
// the loop: in, pass's, and what the exits carry, without the DO
// variables.
func (a *analyzer) inLoop(vars []*sema.Symbol, in set, pass func(esc set) set) set {
	a.doVars = append(a.doVars, vars...)
	esc := set{}
	a.loops = append(a.loops, esc)
	o := pass(esc)
	a.loops = a.loops[:len(a.loops)-1]
	a.doVars = a.doVars[:len(a.doVars)-len(vars)]
	out := union(in, o)
	out.addAll(esc)
	for _, v := range vars {
		delete(out, v)
	}
	return out
}

func (a *analyzer) isDoVar(v *sema.Symbol) bool {
	for _, d := range a.doVars {
		if d == v {
			return true
		}
	}
	return false
}

func (a *analyzer) assign(s ast.Stmt, as *ast.AssignStmt, in set) set {
	out := in.copy()
	if a.pa.ActiveStmt(as) || a.pa.ActiveStmt(s) {
		gen := set{}
		a.need(as.Rhs, gen, map[ast.Expr]bool{})
		a.subs(as.Rhs, gen)
		a.subs(as.Lhs, gen)
		a.note(a.pt.reads, s, gen)
		out.addAll(gen)
	}
	v := a.base(as.Lhs)
	if v == nil || a.isDoVar(v) {
		return out
	}
	if out[v] || (a.cfg.StoreAll && isFloat(a.info.TypeOf(as.Lhs))) {
		a.addRecord(s, as.Lhs)
		// The backward sweep restores the element at this point: it
		// needs the subscripts' values here, even in a passive
		// statement.
		a.subs(as.Lhs, out)
	} else if a.pa.ActiveVar(v) {
		a.subs(as.Lhs, out) // the backward sweep zeroes its adjoint (dq_b(n) = 0), as for a call's
	}
	if !a.noKill && a.isWhole(as.Lhs) {
		delete(out, v)
	}
	return out
}

func (a *analyzer) call(s *ast.CallStmt, in set) set {
	out := in.copy()
	c := a.info.CallStmts[s]
	var callee *sema.Proc
	if c.Proc != nil {
		callee = c.Proc.Proc
	}
	version := a.pa.CallPattern(s)
	split := version != nil && a.cfg.Plan.Call(s).Mode == plan.Split
	if version != nil && !split && !a.cfg.StoreAll {
		return a.checkpoint(s, in)
	}
	if version != nil {
		// Joint mode: the callee's adjoint re-runs it from its inputs
		// (all of them, conservatively; not the INTENT(OUT) ones).
		for i, arg := range s.Args {
			name := ""
			if kw, ok := arg.(*ast.KeywordArg); ok {
				name = kw.Name.Lower()
				arg = kw.Value
			}
			if d := dummy(callee, i, name); d != nil && (d.Intent == ast.IntentOut || a.effectiveOut(callee, d)) {
				a.subs(arg, out)
				continue
			}
			a.vars(arg, out)
		}
	}
	if version == nil {
		a.passiveGlobals(s, out) // passive_globals.go
	}
	var kill []*sema.Symbol
	for i, arg := range s.Args {
		name := ""
		if kw, ok := arg.(*ast.KeywordArg); ok {
			name = kw.Name.Lower()
			arg = kw.Value
		}
		v := a.base(arg)
		if v == nil || a.isDoVar(v) || !modifies(callee, i, name) || a.neverDefines(callee, i, name) {
			continue
		}
		if out[v] || (a.cfg.StoreAll && isFloat(a.info.TypeOf(arg))) {
			a.addRecord(s, arg)
			a.subs(arg, out) // to restore an element (see assign)
		} else if a.pa.ActiveVar(v) {
			a.subs(arg, out) // the backward sweep zeroes or passes its adjoint
		}
		if a.isWhole(arg) && !split {
			kill = append(kill, v)
		}
	}
	if !a.noKill {
		for _, v := range kill {
			delete(out, v)
		}
	}
	return out
}

// modifies reports whether the callee may define its i-th actual argument
// (named name if a keyword argument).
func modifies(p *sema.Proc, i int, name string) bool {
	if p == nil {
		return true
	}
	if in := p.Intrinsic; in != nil {
		if name != "" {
			i = -1
			for j, n := range in.Args {
				if n == name {
					i = j
				}
			}
		}
		return i >= 0 && i < 32 && in.Out&(1<<uint(i)) != 0
	}
	d := dummy(p, i, name)
	if d == nil {
		return true
	}
	return d.Intent != ast.IntentIn && d.Attrs&sema.AttrValue == 0
}

// dummy returns the dummy argument of p associated with the i-th actual
// argument (named name if a keyword argument), or nil if unknown.
func dummy(p *sema.Proc, i int, name string) *sema.Symbol {
	if p == nil || p.Intrinsic != nil {
		return nil
	}
	if name != "" {
		for _, x := range p.Args {
			if x != nil && x.Name == name {
				return x
			}
		}
		return nil
	}
	if i < len(p.Args) {
		return p.Args[i]
	}
	return nil
}

func isFloat(t *sema.Type) bool {
	return t != nil && (t.IsFloat() || t.IsDerived())
}

// isWhole reports whether the designator x is a whole variable, whose
// assignment kills the variable's old value: a name, or a section of all
// of an array (a(:, :)), which models write to reset work arrays.
func (a *analyzer) isWhole(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.Ident:
		return true
	case *ast.CallExpr:
		id, ok := x.Fun.(*ast.Ident)
		if !ok || len(x.Args) == 0 || a.varSym(id) == nil {
			return false
		}
		if c, ok := a.info.Calls[x]; !ok || c.Kind != sema.ArrayElement {
			return false
		}
		for _, s := range x.Args {
			r, ok := s.(*ast.RangeExpr)
			if !ok || r.Lo != nil || r.Hi != nil || r.Stride != nil {
				return false
			}
		}
		return true
	}
	return false
}

// varSym returns the variable id names, or nil.
func (a *analyzer) varSym(id *ast.Ident) *sema.Symbol {
	s := a.info.ObjectOf(id)
	if s == nil || s.Kind != sema.VarSym {
		return nil
	}
	if sel := sema.AssocSelector(s); sel != nil {
		// An associate name (SELECT TYPE) stands for its selector.
		return a.base(sel)
	}
	return s
}

// base returns the variable designated by x (y, a(i), p%c, a(i)%c), or nil if
// x is not a variable designator.
func (a *analyzer) base(x ast.Expr) *sema.Symbol {
	switch x := x.(type) {
	case *ast.Ident:
		return a.varSym(x)
	case *ast.SelectorExpr:
		return a.base(x.X)
	case *ast.CallExpr:
		if c, ok := a.info.Calls[x]; ok && (c.Kind == sema.ArrayElement || c.Kind == sema.Substring) {
			return a.base(x.Fun)
		}
	}
	return nil
}

// vars adds the variables referenced in x to dst.
func (a *analyzer) vars(x ast.Expr, dst set) { a.varsOnce(x, dst, nil) }

// subs adds the variables of the subscripts of the array references in x.
func (a *analyzer) subs(x ast.Expr, dst set) {
	if x == nil {
		return
	}
	ast.Inspect(x, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if k, ok := a.info.Calls[c]; ok && (k.Kind == sema.ArrayElement || k.Kind == sema.Substring) {
				for _, arg := range c.Args {
					a.vars(arg, dst)
				}
			}
		}
		return true
	})
}

// active reports whether x carries a derivative where it is evaluated (the
// activity analysis answers for every value expression of the body).
func (a *analyzer) active(x ast.Expr) bool {
	if kw, ok := x.(*ast.KeywordArg); ok {
		x = kw.Value
	}
	return a.pa.ActiveExpr(x)
}

// need adds to dst the variables that the local partial derivatives of
// expression x (evaluated in an active statement) reference. done holds
// the subexpressions whose variables are in dst already: the partials of
// a product of n factors reference the n-1 others, and walking each
// operand again would make a long product cost n².
func (a *analyzer) need(x ast.Expr, dst set, done map[ast.Expr]bool) {
	switch x := x.(type) {
	case *ast.ParenExpr:
		a.need(x.X, dst, done)
	case *ast.UnaryExpr:
		a.need(x.X, dst, done)
	case *ast.KeywordArg:
		a.need(x.Value, dst, done)
	case *ast.ArrayConstructor:
		// Linear in its items: their partials are the constructor's.
		for _, it := range x.Items {
			a.need(it, dst, done)
		}
	case *ast.BinaryExpr:
		switch x.Op {
		case token.PLUS, token.MINUS:
		case token.STAR:
			if a.active(x.X) {
				a.varsOnce(x.Y, dst, done)
			}
			if a.active(x.Y) {
				a.varsOnce(x.X, dst, done)
			}
		case token.SLASH:
			if a.active(x.X) {
				a.varsOnce(x.Y, dst, done)
			}
			if a.active(x.Y) {
				a.varsOnce(x.X, dst, done)
				a.varsOnce(x.Y, dst, done)
			}
		case token.POW:
			if a.active(x.X) || a.active(x.Y) {
				a.varsOnce(x.X, dst, done)
				a.varsOnce(x.Y, dst, done)
			}
		default:
			return // comparisons, logical operators, concatenation: no derivative
		}
		a.need(x.X, dst, done)
		a.need(x.Y, dst, done)
	case *ast.CallExpr:
		c, ok := a.info.Calls[x]
		if ok && c.Kind == sema.StructConstructor {
			// Linear in its components (p = t(a*b, c)).
			for _, arg := range x.Args {
				if kw, isKw := arg.(*ast.KeywordArg); isKw {
					arg = kw.Value
				}
				a.need(arg, dst, done)
			}
			return
		}
		if !ok || c.Kind != sema.FunctionCall {
			return
		}
		var in *sema.Intrinsic
		if c.Proc != nil && c.Proc.Proc != nil {
			in = c.Proc.Proc.Intrinsic
		}
		var facts *intrinsic.Facts
		if in != nil {
			facts, _ = intrinsic.Lookup(in.Name)
		}
		if facts != nil && !facts.Differentiable() {
			return // piecewise constant or type inquiry: no partial
		}
		if facts != nil && facts.Linear() {
			// The partials need no values of the arguments that carry
			// a derivative; the others (cshift's SHIFT, the MASK of sum
			// and pack, spread's DIM) the adjoint reads as they are.
			for i, arg := range x.Args {
				if linearArgActive(facts, i, arg) {
					a.need(arg, dst, done)
				} else {
					a.varsOnce(arg, dst, done)
				}
			}
			return
		}
		act := a.pa.CallPattern(x) != nil
		for _, arg := range x.Args {
			if act {
				break
			}
			act = a.active(arg)
		}
		if act {
			for _, arg := range x.Args {
				a.varsOnce(arg, dst, done)
			}
		}
	}
}

// varsOnce is vars for need: it skips the subexpressions in done, and
// adds those it walks to them (done nil: it walks all of x).
func (a *analyzer) varsOnce(x ast.Expr, dst set, done map[ast.Expr]bool) {
	if x == nil || done[x] {
		return
	}
	ast.Inspect(x, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok && done != nil {
			if e != x && done[e] {
				return false
			}
			done[e] = true // (its variables are in dst when the walk ends)
		}
		switch n := n.(type) {
		case *ast.KeywordArg:
			a.varsOnce(n.Value, dst, done)
			return false
		case *ast.SelectorExpr:
			a.varsOnce(n.X, dst, done)
			return false
		case *ast.Ident:
			if v := a.varSym(n); v != nil {
				dst[v] = true
			}
		}
		return true
	})
}

// linearArgActive reports whether argument i of a call of a linear
// intrinsic, arg (positional or a keyword), is one that carries a
// derivative.
func linearArgActive(facts *intrinsic.Facts, i int, arg ast.Expr) bool {
	if kw, ok := arg.(*ast.KeywordArg); ok {
		i = -1
		for j, n := range facts.Args {
			if strings.EqualFold(n, kw.Name.Name) {
				i = j
			}
		}
	}
	return i >= 0 && facts.IsActive(i)
}
