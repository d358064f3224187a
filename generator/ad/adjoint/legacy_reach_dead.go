package adjoint

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Branches a call does not take. The BLAS as published branch on the
// increments: if (incx .eq. 1 .and. incy .eq. 1) go to 20 skips the
// code stepping ix and iy (which dummyReach cannot bound) for the
// unrolled loops after label 20. With the call's constant increments
// the condition is known: the statements it jumps over, at the top
// level of the body, are not reached when no other jump enters them.

// skippedStmts returns the top-level statements of unit that the call
// with actual arguments args never runs.
func (g *gen) skippedStmts(unit *ast.Unit, d *sema.Symbol, args []ast.Expr) map[ast.Stmt]bool {
	out := map[ast.Stmt]bool{}
	body := unit.Body
	for i, s := range body {
		st, ok := s.(*ast.IfStmt)
		if !ok {
			continue
		}
		gt, ok := st.Action.(*ast.GotoStmt)
		if !ok || gt.Target == nil {
			continue
		}
		cond := g.calleeTerms(st.Cond, d, args, nil, nil)
		if v, known := logicalValue(cond); cond == nil || !known || !v {
			continue
		}
		j := i + 1
		for j < len(body) && labelOf(body[j]) != gt.Target.Label {
			j++
		}
		if j == len(body) || g.entered(body, i+1, j) {
			continue
		}
		for _, x := range body[i+1 : j] {
			out[x] = true
		}
	}
	return out
}

// entered reports whether a statement of body[from:to] has a label that a
// jump outside that range may target.
func (g *gen) entered(body []ast.Stmt, from, to int) bool {
	inside := map[int]bool{}
	for _, s := range body[from:to] {
		ast.Inspect(s, func(n ast.Node) bool {
			if st, ok := n.(ast.Stmt); ok && labelOf(st) != 0 {
				inside[labelOf(st)] = true
			}
			return true
		})
	}
	entered := false
	for k, s := range body {
		if k >= from && k < to {
			continue
		}
		ast.Inspect(s, func(n ast.Node) bool {
			if r, ok := n.(*ast.LabelRef); ok && inside[r.Label] {
				entered = true
			}
			return !entered
		})
	}
	return entered
}

// logicalValue evaluates a condition of integer comparisons whose sides
// differ by a constant, .and., .or. and .not.; false if not known.
func logicalValue(x ast.Expr) (value, known bool) {
	switch x := x.(type) {
	case *ast.ParenExpr:
		return logicalValue(x.X)
	case *ast.UnaryExpr:
		if x.Op == token.NOT {
			v, ok := logicalValue(x.X)
			return !v, ok
		}
	case *ast.BinaryExpr:
		switch x.Op {
		case token.AND, token.OR:
			a, okA := logicalValue(x.X)
			b, okB := logicalValue(x.Y)
			if x.Op == token.AND {
				if okA && !a || okB && !b {
					return false, true
				}
				return true, okA && okB
			}
			if okA && a || okB && b {
				return true, true
			}
			return false, okA && okB
		}
		n, ok := intConst(&ast.BinaryExpr{X: &ast.ParenExpr{X: x.X}, Op: token.MINUS, Y: &ast.ParenExpr{X: x.Y}})
		if !ok {
			return false, false
		}
		switch x.Op {
		case token.EQ:
			return n == 0, true
		case token.NE:
			return n != 0, true
		case token.LT:
			return n < 0, true
		case token.LE:
			return n <= 0, true
		case token.GT:
			return n > 0, true
		case token.GE:
			return n >= 0, true
		}
	}
	return false, false
}

// labelOf returns the label of statement s, 0 if none.
func labelOf(s ast.Stmt) int {
	if h, ok := s.(interface{ Header() *ast.StmtHeader }); ok && h.Header() != nil {
		return h.Header().Label
	}
	return 0
}
