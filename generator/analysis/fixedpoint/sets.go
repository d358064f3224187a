package fixedpoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/analysis"
	"github.com/fadj-dev/fadj/generator/analysis/modref"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/plan"
	"github.com/fadj-dev/fadj/generator/sema"
	"github.com/fadj-dev/fadj/generator/source"
)

// referenced returns the variables list references, calls' effects on
// globals included: with out removed, what it only reads (use \ out).
func (a *analyzer) referenced(list []ast.Stmt, header ...ast.Expr) modref.Set {
	out := modref.Set{}
	visit := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if v := a.info.ObjectOf(n); v != nil && v.Kind == sema.VarSym {
				out[v] = true
			}
		case *ast.CallStmt:
			c := a.in.ModRef.Call(n, a.scope)
			for v := range c.Uses {
				out[v] = true
			}
			for v := range c.Defs {
				out[v] = true
			}
		}
		return true
	}
	for _, s := range list {
		ast.Inspect(s, visit)
	}
	for _, x := range header {
		if x != nil {
			ast.Inspect(x, visit)
		}
	}
	return out
}

func (a *analyzer) uses() modref.Set {
	d := a.f.Loop.Do
	use := a.referenced(d.Body, d.While, d.Start, d.Stop, d.Step)
	// The globals the body's function references read (a conductivity
	// function reading its module's coefficients) are parameters too:
	// their adjoints, which the functions' adjoints accumulate into on
	// every adjoint iteration, must be added once.
	for v := range a.in.ModRef.FunctionGlobalUses(d.Body, a.scope) {
		use[v] = true
	}
	return use
}

// liveAfter over-approximates the variables live after the loop: those
// the code after it may read before writing them (modref.After: the rest
// of the routine, then the bodies of the loops around), the dummies the caller may read
// back, module, common and host variables, and a function's result.
func (a *analyzer) liveAfter() modref.Set {
	l := a.f.Loop
	c := &carry{a: a, out: modref.Set{}, written: modref.Set{}}
	c.list(modref.After(l.Unit.Body, l.Do), true)
	live := c.out
	for v := range a.uses() {
		if v.IsDummy() && v.Intent != ast.IntentIn || v.Module() != nil || v.Attrs.Has(sema.AttrInCommon) ||
			a.scope != nil && v.Owner != a.scope {
			live[v] = true
		}
	}
	for v := range a.in.ModRef.Defines(l.Do.Body, a.scope) {
		if v.IsDummy() && v.Intent != ast.IntentIn || v.Module() != nil || v.Attrs.Has(sema.AttrInCommon) ||
			a.scope != nil && v.Owner != a.scope {
			live[v] = true
		}
	}
	if r := l.Routine; r != nil && r.Proc != nil && r.Proc.Result != nil {
		live[r.Proc.Result] = true
	}
	return live
}

// userSet resolves the spec's list for key (state or parameters), or
// returns the inferred set when the spec gives none; a list that
// disagrees with the inferred set is used, with a warning.
func (a *analyzer) userSet(paths []plan.Named, key string, inferred []*sema.Symbol, errs, warns *diag.List) []*sema.Symbol {
	if len(paths) == 0 {
		return inferred
	}
	set := modref.Set{}
	for _, p := range paths {
		name := strings.ToLower(strings.TrimSpace(p.Text))
		var v *sema.Symbol
		if a.scope != nil {
			v = a.scope.Lookup(name)
		}
		switch {
		case v == nil || v.Kind != sema.VarSym:
			errs.Addf(p.Pos, "%s: no variable '%s' in %s", key, name, a.routine())
		case !real(v):
			errs.Addf(p.Pos, "%s: '%s' is not real or complex: it has no derivative", key, name)
		default:
			set[v] = true
		}
	}
	got := sorted(set, nil)
	if names(got) != names(inferred) {
		pos := a.f.StatePos
		if key == "parameters" {
			pos = a.f.ParamsPos
		}
		eq := "out ∩ live (eq. 3)"
		if key == "parameters" {
			eq = "use \\ out (eq. 4)"
		}
		warns.Addf(pos, "%s%s of fixed-point loop %s (%s) differs from the inferred %s (%s); using the spec's", analysis.WarningPrefix,
			key, a.f.Name, names(got), eq, names(inferred))
	}
	return got
}

func (a *analyzer) routine() string {
	if r := a.f.Loop.Routine; r != nil {
		return r.Name
	}
	return "the routine"
}

// overwritten checks section 2's second condition: every active variable
// an iteration overwrites and that carries a value out of it (to the
// next iteration or after the loop) is state. The residual and other
// passive computations are exempt.
func (a *analyzer) overwritten(d *Decision, out modref.Set, errs *diag.List) {
	state := modref.Set{}
	for _, v := range d.State {
		state[v] = true
	}
	live := a.liveAfter()
	carried := a.carried(d.Body)
	for _, v := range sorted(out, real) {
		if state[v] || a.in.Active != nil && !a.in.Active(v) {
			continue
		}
		if !live[v] && !carried[v] {
			continue // an intermediate of one iteration
		}
		errs.Addf(a.firstDef(d.Body, v), "fixed-point loop %s: '%s' is overwritten by each iteration and carries a value out of it, but is not state: every variable the body overwrites must be state, but for the residual (Taftaf et al., section 2)", a.f.Name, v.Name)
	}
}

// carried returns the variables an iteration may read before it writes
// them: the loop's header, then the body in order. An assignment kills
// its variable unless it sits in an IF, SELECT CASE or WHERE (an element
// assignment in a DO nested in the body counts as writing the array: the
// sweeps of Jacobi and Gauss-Seidel write all of it).
func (a *analyzer) carried(body []ast.Stmt) modref.Set {
	c := &carry{a: a, out: modref.Set{}, written: modref.Set{}}
	d := a.f.Loop.Do
	c.read(a.referenced(nil, d.While))
	c.list(body, true)
	return c.out
}

type carry struct {
	a            *analyzer
	out, written modref.Set
	depth        int // of the DO loops around (sets_branches.go)
}

func (c *carry) read(s modref.Set) {
	for v := range s {
		if !c.written[v] {
			c.out[v] = true
		}
	}
}

func (c *carry) list(list []ast.Stmt, kills bool) {
	for _, s := range list {
		c.stmt(s, kills)
	}
}

func (c *carry) stmt(s ast.Stmt, kills bool) {
	a := c.a
	switch s := s.(type) {
	case *ast.AssignStmt:
		c.read(a.referenced(nil, s.Rhs))
		if call, ok := s.Lhs.(*ast.CallExpr); ok {
			c.read(a.referenced(nil, call.Args...))
		}
		if kills {
			for v := range a.in.ModRef.Defines([]ast.Stmt{s}, a.scope) {
				c.written[v] = true
			}
		}
	case *ast.DoConstruct:
		c.read(a.referenced(nil, s.While, s.Start, s.Stop, s.Step))
		c.depth++
		c.list(s.Body, kills)
		c.depth--
	case *ast.IfConstruct:
		for _, b := range s.Branches {
			c.read(a.referenced(nil, b.Cond))
		}
		blocks, complete := ifBlocks(s)
		c.branches(blocks, complete, kills) // sets_branches.go
	case *ast.SelectCase:
		c.selectCase(s, kills) // sets_branches.go
	case *ast.IfStmt:
		c.read(a.referenced(nil, s.Cond))
		c.stmt(s.Action, false)
	case *ast.CallStmt:
		c.call(s, kills)
	default:
		c.read(a.referenced([]ast.Stmt{s}))
	}
}

// firstDef is the position of the first statement of body defining v.
func (a *analyzer) firstDef(body []ast.Stmt, v *sema.Symbol) source.Position {
	for _, s := range body {
		if a.in.ModRef.Defines([]ast.Stmt{s}, a.scope)[v] {
			return a.pos(s.Header().Start)
		}
	}
	return a.f.Loop.Pos
}
