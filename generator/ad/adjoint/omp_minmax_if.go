package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// ompMinMaxIf recognizes the update of a max (min) reduction written
// as an IF statement, if (e > v) v = e (or v < e; >= and <= keep the
// last of equal values, as v = max(e, v) does; reversed for min), and
// returns its assignment and e.
func ompMinMaxIf(s *ast.IfStmt, op, v string) (a *ast.AssignStmt, e ast.Expr, first, ok bool) {
	a, isA := s.Action.(*ast.AssignStmt)
	c, isB := s.Cond.(*ast.BinaryExpr)
	if !isA || !isB || !ompIsVar(a.Lhs, v) {
		return nil, nil, false, false
	}
	x, y, rel := c.X, c.Y, c.Op
	if ompIsVar(x, v) { // v < e: e > v
		x, y = y, x
		rel = map[token.Kind]token.Kind{token.LT: token.GT, token.GT: token.LT, token.LE: token.GE, token.GE: token.LE}[rel]
	}
	if !ompIsVar(y, v) || mentions(x, v) || !ast.Equal(x, a.Rhs) {
		return nil, nil, false, false
	}
	switch {
	case op == "max" && rel == token.GT, op == "min" && rel == token.LT:
		return a, x, true, true
	case op == "max" && rel == token.GE, op == "min" && rel == token.LE:
		return a, x, false, true
	}
	return nil, nil, false, false
}

// ompIsVar reports whether x is the variable v.
func ompIsVar(x ast.Expr, v string) bool {
	id, ok := x.(*ast.Ident)
	return ok && strings.EqualFold(id.Name, v)
}

// ompImpure returns the name of a procedure x references that is not
// PURE: the forward sweep evaluates an update's e twice (the comparison
// with the iteration's maximum, then the store).
func (g *gen) ompImpure(x ast.Expr) string {
	if !g.callsUser(x) {
		return ""
	}
	bad := ""
	ast.Inspect(x, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && bad == "" {
			if id, ok := c.Fun.(*ast.Ident); ok {
				if sym := g.info.ObjectOf(id); sym != nil && sym.Kind == sema.ProcSym && sym.Attrs&sema.AttrPure == 0 {
					bad = id.Name
				}
			}
		}
		return bad == ""
	})
	return bad
}
