// Package liveness is fadj's adjoint liveness: which statements of a
// callee's forward sweep its adjoint may leave out, and which variables
// that adjoint reads on entry.
//
// A jointly reversed call runs the callee's adjoint foo_b in the caller's
// backward sweep, from the inputs the caller restored; the caller restores
// again what it needs after the call, so foo_b need not compute foo's
// results. Its forward sweep then only has to compute the values its own
// backward sweep reads: an assignment whose value neither the rest of the
// forward sweep nor any adjoint reads is left out (Tapenade's adjoint
// liveness). In a right-hand side computed into an output array, the whole
// forward loop goes.
//
// The analysis is a backward liveness over the body, on whole variables
// (but for the arrays each iteration of a loop touches only in its own
// elements, private.go): nothing is live at the end but globals and saved variables; an
// assignment kills its variable when it assigns it whole; a live
// assignment reads its right side and subscripts; an active one reads what
// its adjoint does (the TBR analysis's TBR(s)) whether live or not; a
// recorded one reads the variable it records; conditions, bounds, calls and
// other statements read all their variables; they are kept, as are
// assignments referencing user functions.
//
// The adjoint generator refines it through Config's optional hooks: the
// temporaries it recomputes rather than reads, and calls whose results
// nothing reads. Each
// refinement only makes fewer statements live, so the unrefined analysis,
// which the TBR analysis runs on callees to know what their adjoints read
// and define (Summary), is a safe over-approximation of the generated code.
package liveness

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Set is a set of variables.
type Set map[*sema.Symbol]bool

func (s Set) copy() Set {
	c := make(Set, len(s))
	for k := range s {
		c[k] = true
	}
	return c
}

// Config is what the analysis of one procedure version asks.
type Config struct {
	Info  *sema.Info
	Scope *sema.Scope // the procedure's
	// AdjointReads are the variables whose values at s the adjoint of
	// assignment s reads (tbr.ProcTBR.AdjointReads).
	AdjointReads func(s ast.Stmt) []*sema.Symbol
	// Records reports whether the forward sweep records x before s.
	Records func(s ast.Stmt, x ast.Expr) bool

	// Refinements (optional), see the package comment.

	// Recomputed are the temporaries the adjoint of statement list
	// recomputes, whose values the adjoint does not read from its
	// variable; Recomputes reports the assignments so recomputed (they
	// read their right sides where the adjoint needs them).
	Recomputed func(list []ast.Stmt) Set
	Recomputes func(s ast.Stmt) bool
	// DeadCall reports whether call s may be left out given the
	// variables live after it.
	DeadCall func(s *ast.CallStmt, after Set) bool
}

// Result is the liveness of a body.
type Result struct {
	// Dead are the assignments (and calls) the forward sweep leaves out.
	Dead map[ast.Stmt]bool
	// DeadIndex are the DO loops whose index is dead after them.
	DeadIndex map[*ast.DoConstruct]bool
	// Entry are the variables live on entry: those the adjoint reads
	// before it may define them.
	Entry Set
}

// Applies reports whether the adjoint of unit, of scope scope, is pruned:
// subroutines and functions without jumps, internal procedures or SAVE
// for all (an internal procedure may read any variable, a jump makes the
// structured walk wrong). The caller also excludes the target and split
// versions, whose forward sweeps must compute the results.
func Applies(unit *ast.Unit, scope *sema.Scope) bool {
	return unit != nil && (unit.Kind == ast.SubroutineUnit || unit.Kind == ast.FunctionUnit) &&
		!HasJump(Body(unit)) && scope != nil && !scope.SaveAll() && len(unit.Procs) == 0
}

// Body is the body of unit the adjoint reverses: without a final RETURN,
// which does nothing.
func Body(unit *ast.Unit) []ast.Stmt {
	body := unit.Body
	if n := len(body); n > 0 {
		if ret, ok := body[n-1].(*ast.ReturnStmt); ok && ret.Label == 0 {
			body = body[:n-1]
		}
	}
	return body
}

// HasJump reports whether list transfers control other than by falling
// through: GO TO, EXIT, CYCLE, RETURN, arithmetic IF.
func HasJump(list []ast.Stmt) bool {
	found := false
	for _, s := range list {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.GotoStmt, *ast.ExitStmt, *ast.CycleStmt, *ast.ReturnStmt, *ast.ComputedGotoStmt, *ast.AssignedGotoStmt, *ast.ArithIfStmt:
				found = true
			}
			return !found
		})
	}
	return found
}

// Adjoint analyses body (for which Applies holds) with cfg.
func Adjoint(body []ast.Stmt, cfg Config) *Result {
	l := &analyzer{Config: cfg, res: &Result{Dead: map[ast.Stmt]bool{}, DeadIndex: map[*ast.DoConstruct]bool{}}}
	l.res.Entry = l.list(body, Set{})
	return l.res
}

type analyzer struct {
	Config
	res *Result
	// later are the variables statements after the one analysed may
	// define before the backward sweep reaches it (later.go).
	later Set
}

// list returns the variables live before list given those live after it.
func (l *analyzer) list(list []ast.Stmt, after Set) Set {
	var recomputed Set
	if l.Recomputed != nil && len(list) > 0 {
		recomputed = l.Recomputed(list)
	}
	cur := after
	ctx := l.later
	later := ctx.copy()
	for i := len(list) - 1; i >= 0; i-- {
		l.later = later
		cur = l.stmt(list[i], cur, recomputed)
		later = later.copy()
		l.defined(list[i], later) // later.go
	}
	l.later = ctx
	return cur
}

func (l *analyzer) stmt(s ast.Stmt, after Set, recomputed Set) Set {
	switch s := s.(type) {
	case *ast.AssignStmt:
		return l.assign(s, after, recomputed)
	case *ast.IfStmt:
		in := l.stmt(s.Action, after, recomputed)
		for k := range after {
			in[k] = true
		}
		l.reads(in, s.Cond)
		return in
	case *ast.IfConstruct:
		if as := l.Info.Segmented[s]; as != nil {
			// An assignment in segments (inline.ConstructorSegments):
			// dead as the assignment is, all its parts with it.
			if in := l.assign(as, after, recomputed); l.res.Dead[as] {
				ast.Inspect(s, func(n ast.Node) bool {
					if a, ok := n.(*ast.AssignStmt); ok {
						l.res.Dead[a] = true
					}
					return true
				})
				return in
			}
		}
		in := Set{}
		hasElse := false
		for _, b := range s.Branches {
			for k := range l.list(b.Body, after) {
				in[k] = true
			}
			if b.Cond == nil {
				hasElse = true
			}
			l.reads(in, b.Cond)
		}
		if !hasElse {
			for k := range after {
				in[k] = true
			}
		}
		return in
	case *ast.SelectCase:
		return l.selectCase(s, after)
	case *ast.SelectType:
		return l.selectType(s, after) // select_type.go
	case *ast.DoConstruct:
		return l.loop(s, after)
	case *ast.CallStmt:
		in := after.copy()
		l.reads(in, s)
		l.res.Dead[s] = s.Label == 0 && l.DeadCall != nil && l.DeadCall(s, after)
		return in
	}
	in := after.copy()
	l.reads(in, s)
	return in
}

// reads adds the variables n references to in.
func (l *analyzer) reads(in Set, n ast.Node) {
	if n == nil {
		return
	}
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok {
			if v := l.Info.ObjectOf(id); v != nil && v.Kind == sema.VarSym {
				in[v] = true
				if sel := sema.AssocSelector(v); sel != nil {
					l.reads(in, sel) // an associate name reads its selector
				}
			}
		}
		return true
	})
}

// assign is the live set before assignment s, and marks s dead if
// neither sweep needs what it computes.
func (l *analyzer) assign(s *ast.AssignStmt, after Set, recomputed Set) Set {
	in := after.copy()
	v := Base(l.Info, s.Lhs)
	if v == nil {
		l.reads(in, s)
		return in
	}
	// A recorded assignment stays if v may be defined again before the
	// backward sweep reaches its adjoint (later.go).
	keep := after[v] || CallsUser(l.Info, s.Rhs) || Global(v) || v.Attrs.Has(sema.AttrSave) || v.Attrs.Has(sema.AttrData) || HostVar(v, l.Scope) ||
		l.later[v] && l.Records(s, s.Lhs)
	if _, whole := s.Lhs.(*ast.Ident); whole {
		delete(in, v)
	}
	subs := func() {
		if c, ok := s.Lhs.(*ast.CallExpr); ok {
			for _, a := range c.Args {
				l.reads(in, a)
			}
		}
	}
	if keep || l.Recomputes != nil && l.Recomputes(s) {
		l.reads(in, s.Rhs)
		subs()
	}
	// The adjoint's reads, but the recomputed temporaries.
	for _, r := range l.AdjointReads(s) {
		if !recomputed[r] {
			in[r] = true
		}
	}
	if l.Records(s, s.Lhs) {
		in[v] = true
		subs()
	}
	l.res.Dead[s] = !keep && s.Label == 0 // (a label stays on its statement)
	return in
}

// selectCase is the live set before a SELECT CASE.
func (l *analyzer) selectCase(s *ast.SelectCase, after Set) Set {
	in := Set{}
	hasDefault := false
	for _, c := range s.Cases {
		for k := range l.list(c.Body, after) {
			in[k] = true
		}
		if c.Default {
			hasDefault = true
		}
		for _, x := range c.Values {
			l.reads(in, x)
		}
	}
	if !hasDefault {
		for k := range after {
			in[k] = true
		}
	}
	l.reads(in, s.Selector)
	return in
}

// loop is the live set before a DO construct: its body's, iterated to a
// fixed point, and marks the loops whose index is dead after them.
func (l *analyzer) loop(s *ast.DoConstruct, after Set) Set {
	private := l.private(s)
	head := after.copy()
	// A DO WHILE evaluates its condition before each iteration: what it
	// reads is live at the end of the body too (m = m - 1 is not dead).
	l.reads(head, s.While)
	var body Set
	// The following iterations run after the body (later.go).
	ctx := l.later
	defer func() { l.later = ctx }()
	l.later = ctx.copy()
	for v := range l.definedIn(s.Body) {
		if !private[v] {
			l.later[v] = true
		}
	}
	for {
		body = l.list(s.Body, head)
		grown := false
		for k := range body {
			if !head[k] && !private[k] {
				head[k] = true
				grown = true
			}
		}
		if !grown {
			break
		}
	}
	in := head.copy()
	for k := range body {
		in[k] = true // (what the body reads of a private array, before the loop)
	}
	if s.Var != nil {
		v := l.Info.ObjectOf(s.Var)
		l.res.DeadIndex[s] = v != nil && !after[v]
		delete(in, v)
	}
	for _, x := range []ast.Expr{s.Start, s.Stop, s.Step, s.While} {
		l.reads(in, x)
	}
	for _, sp := range s.Concurrent {
		for _, x := range []ast.Expr{sp.Lo, sp.Hi, sp.Stride} {
			l.reads(in, x)
		}
	}
	return in
}

// Base returns the variable an assignment's left side designates (whole
// or an element), nil for another designator.
func Base(info *sema.Info, x ast.Expr) *sema.Symbol {
	switch x := x.(type) {
	case *ast.Ident:
		if sel := sema.AssocSelector(info.ObjectOf(x)); sel != nil {
			return nil // an associate name (SELECT TYPE): the selector, kept
		}
		return info.ObjectOf(x)
	case *ast.CallExpr:
		if c, ok := info.Calls[x]; ok && c.Kind == sema.ArrayElement {
			if id, ok := x.Fun.(*ast.Ident); ok {
				return Base(info, id)
			}
		}
	}
	return nil
}

// CallsUser reports whether x references a user function.
func CallsUser(info *sema.Info, x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if k, ok := info.Calls[c]; ok && k.Kind == sema.FunctionCall && !k.IsIntrinsic() {
				found = true
			}
		}
		return !found
	})
	return found
}

// Global reports whether s is a module or common-block variable.
func Global(s *sema.Symbol) bool {
	return s != nil && s.Kind == sema.VarSym && !s.IsDummy() && (s.Module() != nil || s.Attrs.Has(sema.AttrInCommon))
}

// HostVar reports whether s is a variable of the host of the internal
// procedure whose scope is own.
func HostVar(s *sema.Symbol, own *sema.Scope) bool {
	return s != nil && s.Kind == sema.VarSym && own != nil && own.Parent != nil && s.Owner == own.Parent &&
		(own.Parent.Kind == sema.SubroutineScope || own.Parent.Kind == sema.FunctionScope || own.Parent.Kind == sema.ProgramScope)
}
