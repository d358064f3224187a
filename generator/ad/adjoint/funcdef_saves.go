package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Saves of what function references define. A user function may define
// the actual argument of a dummy that is not INTENT(IN) wherever it is
// referenced: an observation clock `if (obs_due(kob, t)) j = j + ..u(iobs(kob - 1))..`
// advances kob in the IF's condition. The TBR analysis records such an
// argument before the statement when the adjoint needs its old value
// (generator/analysis/tbr/funcdefs.go): the forward sweep pushes it
// before the statement, and the backward sweep pops it after the
// statement's adjoint, which sees the value the statement left (the
// branches' adjoints read kob as the condition set it).

// stmt returns the forward and backward sweeps of statement s.
func (g *gen) stmt(s ast.Stmt) (fwd, bwd []ast.Stmt, err error) {
	fwd, bwd, err = g.stmtOwn(s)
	if err != nil {
		return nil, nil, err
	}
	defs := g.modref().FunctionDefs(s)
	var push, pop []ast.Stmt
	var saved ast.Expr
	for _, x := range defs {
		if v := g.baseSym(x); v == nil || g.info.TypeOf(x) == nil || !g.records(s, x) {
			continue
		}
		if d, ok := s.(*ast.DoConstruct); ok && d.While != nil && within(x, d.While) {
			// Evaluated before each iteration: one save before the
			// loop would not do.
			return nil, nil, notSupported("a DO WHILE condition referencing a function that defines '%s', whose old value the adjoint needs", exprString(x))
		}
		ps, pp, err := g.pushPop(x)
		if err != nil {
			return nil, nil, err
		}
		push = append(push, ps)
		pop = append([]ast.Stmt{pp}, pop...)
		if saved == nil {
			saved = x
		}
	}
	gp, gq, gv, err := g.funcGlobalSaves(s)
	if err != nil {
		return nil, nil, err
	}
	if d, ok := s.(*ast.DoConstruct); ok && d.While != nil && gv != nil {
		return nil, nil, notSupported("a DO WHILE condition referencing a function that defines '%s', whose old value the adjoint needs", gv.Name)
	}
	push, pop = append(push, gp...), append(gq, pop...)
	if saved == nil && gv != nil {
		saved = ast.NewIdent(gv.Name)
	}
	if len(push) == 0 {
		return fwd, bwd, nil
	}
	if jumpsOut(s) || s.Header().Label != 0 {
		// The pops close the statement's adjoint, which a jump's
		// partial backward sweep does not reach (and a jump to s
		// would skip the pushes).
		return nil, nil, notSupported("a labelled statement, or one with a jump out of it, referencing a function that defines '%s', whose old value the adjoint needs", exprString(saved))
	}
	fwd = append(push, fwd...)
	bwd = append(append([]ast.Stmt{}, bwd...), pop...)
	return fwd, bwd, nil
}

// within reports whether node x is part of node e.
func within(x ast.Node, e ast.Node) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		found = found || n == x
		return !found
	})
	return found
}

// jumpsOut reports whether a jump inside s may leave it: a GO TO to a
// label not inside s, RETURN, an arithmetic IF, an EXIT or CYCLE of a
// loop around s.
func jumpsOut(s ast.Stmt) bool {
	inner := map[int]bool{}
	var loops []*ast.DoConstruct
	ast.Inspect(s, func(n ast.Node) bool {
		if st, ok := n.(ast.Stmt); ok && st != s && st.Header().Label != 0 {
			inner[st.Header().Label] = true
		}
		if d, ok := n.(*ast.DoConstruct); ok {
			loops = append(loops, d)
		}
		return true
	})
	out := false
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GotoStmt:
			out = out || n.Target == nil || !inner[n.Target.Label]
		case *ast.ReturnStmt, *ast.ComputedGotoStmt, *ast.AssignedGotoStmt, *ast.ArithIfStmt:
			out = true
		case *ast.ExitStmt:
			out = out || !loopWithin(n, n.Construct, loops)
		case *ast.CycleStmt:
			out = out || !loopWithin(n, n.Construct, loops)
		}
		return !out
	})
	return out
}

// loopWithin reports whether the loop an EXIT or CYCLE st (of construct
// name, if not nil) belongs to is one of loops.
func loopWithin(st ast.Stmt, name *ast.Ident, loops []*ast.DoConstruct) bool {
	for _, d := range loops {
		if name != nil && (d.Name == nil || !strings.EqualFold(d.Name.Name, name.Name)) {
			continue
		}
		if within(st, &ast.Unit{Body: d.Body}) {
			return true
		}
	}
	return false
}

// funcGlobalSaves returns the saves of the module, common and host
// variables that references of functions without derivatives in s's own
// expressions may define (`if (accept(h, y))` counting the accepted
// observations in nacc, which the adjoint reads) and the adjoint needs
// before s (the TBR set before it; all, without TBR), and the first.
// References with derivatives save what they use (funcref_hoist.go).
func (g *gen) funcGlobalSaves(s ast.Stmt) (push, pop []ast.Stmt, first *sema.Symbol, err error) {
	passive := func(c *ast.CallExpr) bool { return g.pa.CallPattern(c) == nil }
	for _, v := range g.modref().FunctionGlobals(s, g.scope, passive).Sorted() {
		if !g.neededBefore(s, v) {
			continue
		}
		if v.Attrs.Has(sema.AttrAllocatable) || v.Attrs.Has(sema.AttrPointer) || v.Type == nil || v.Type.IsCharacter() {
			return nil, nil, nil, notSupported("a function referenced here defines '%s', whose old value the adjoint needs (allocatable, pointer or character)", v.Name)
		}
		var ref ast.Expr
		if v.Attrs.Has(sema.AttrInCommon) && v.Module() == nil {
			ref, err = g.commonRef(v, "a function referenced here")
		} else {
			ref, err = g.globalRef(v)
		}
		if err != nil {
			return nil, nil, nil, err
		}
		p, q, err := symPushPop(ref, v)
		if err != nil {
			return nil, nil, nil, err
		}
		push, pop = append(push, p...), append(q, pop...)
		if first == nil {
			first = v
		}
	}
	return push, pop, first, nil
}

// neededBefore reports whether the adjoint may need the value variable v
// has before statement s: v is in the TBR set before s (always without
// the TBR analysis).
func (g *gen) neededBefore(s ast.Stmt, v *sema.Symbol) bool {
	if g.tbr == nil {
		return true
	}
	for _, x := range g.tbr.Required(s, false) {
		if x.Sym == v {
			return true
		}
	}
	return false
}
