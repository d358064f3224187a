package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
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
	if len(defs) == 0 {
		return fwd, bwd, nil
	}
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
