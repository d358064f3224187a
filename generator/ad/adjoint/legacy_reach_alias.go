package adjoint

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Index locals of a loop body. LINPACK sets a local from the loop index
// at the top of the body and subscripts with it (kp1 = k + 1, then
// c(kp1); k = nm2 - kb + 1, then b(k+2)), the same local often being
// another loop's index elsewhere. A subscript of the reach names the
// local's value instead: the one assignment to it at the top level of
// the innermost enclosing loop that assigns it, before the statement
// holding the reference, with no other definition in that loop.

// loopAliases returns subscript e of reference ref (inside loops, the
// innermost last) with such locals replaced by their values.
func (g *gen) loopAliases(ref ast.Node, e ast.Expr, loops []*ast.DoConstruct) ast.Expr {
	out := ast.Apply(&ast.ParenExpr{X: g.info.Clone(e)}, func(c *ast.Cursor) bool {
		id, isID := c.Node().(*ast.Ident)
		if !isID {
			return true
		}
		s := g.info.ObjectOf(id)
		if s == nil || s.Kind != sema.VarSym || s.IsDummy() || s.Rank() != 0 || s.Type == nil || !s.Type.IsInteger() {
			return true
		}
		for k := len(loops) - 1; k >= 0; k-- {
			l := loops[k]
			if l.Var != nil && g.isVar(l.Var, s) {
				return true // the index itself
			}
			if v := g.aliasIn(l, ref, s); v != nil {
				c.Replace(&ast.ParenExpr{X: g.info.Clone(v)})
				return false
			}
		}
		return true
	}, nil)
	return out.(*ast.ParenExpr).X
}

// aliasIn returns the value of s that the reference ref in the body of
// loop l sees, when a top-level statement of the body before the one
// holding ref assigns s, and nothing else in the body defines it;
// else nil.
func (g *gen) aliasIn(l *ast.DoConstruct, ref ast.Node, s *sema.Symbol) ast.Expr {
	var def *ast.AssignStmt
	for _, st := range l.Body {
		if holds(st, ref) {
			if def == nil || g.stmtDefines(st, s) {
				return nil
			}
			return def.Rhs
		}
		a, isAssign := st.(*ast.AssignStmt)
		switch {
		case isAssign && g.isVar(a.Lhs, s):
			if def != nil || refsVar(g.info, a.Rhs, s) {
				return nil
			}
			def = a
		case g.stmtDefines(st, s):
			return nil
		}
	}
	return nil
}

// holds reports whether statement st is or contains node n.
func holds(st ast.Stmt, n ast.Node) bool {
	found := false
	ast.Inspect(st, func(m ast.Node) bool {
		if m == n {
			found = true
		}
		return !found
	})
	return found
}

// passedToFunction reports whether element x is an actual argument of
// parent, a reference of a function not intrinsic: the function may
// reach the array from x on (ddot(n, dx(1), 1, ...)).
func (g *gen) passedToFunction(parent ast.Node, x ast.Expr) bool {
	ce, ok := parent.(*ast.CallExpr)
	if !ok || ce == x {
		return false
	}
	k, known := g.info.Calls[ce]
	if !known || k.Kind != sema.FunctionCall || isIntrinsicProc(k.Proc) {
		return false
	}
	for _, a := range ce.Args {
		if kw, isKw := a.(*ast.KeywordArg); isKw {
			a = kw.Value
		}
		if a == x {
			return true
		}
	}
	return false
}
