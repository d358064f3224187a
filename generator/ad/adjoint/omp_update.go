package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
)

// Shared updates in a parallel loop: s = s + e (or s - e, e + s) of a
// shared variable in a CRITICAL section or under !$omp atomic, with e
// free of s, where nothing else in the loop mentions s (a sum the threads
// accumulate in any order). Its adjoint leaves s_b as it is and
// increments the adjoints of e's operands by s_b: the backward loop only
// reads s_b, so it needs neither the order in which the threads entered
// the section nor a section of its own. The forward loop keeps the
// section (or the atomic update).

// ompSharedUpdate reports whether statement s of the body of a parallel
// loop is such an update, the variable (a scalar, or an element of
// literal subscripts) mentioned nowhere else in body.
func (g *gen) ompSharedUpdate(s ast.Stmt, body []ast.Stmt) bool {
	a, ok := s.(*ast.AssignStmt)
	if !ok {
		return false
	}
	name := ""
	switch l := a.Lhs.(type) {
	case *ast.Ident:
		name = l.Name
	case *ast.CallExpr:
		id, isID := l.Fun.(*ast.Ident)
		if !isID {
			return false
		}
		for _, x := range l.Args {
			if lit, isLit := x.(*ast.BasicLit); !isLit || lit.Kind != token.INT {
				return false
			}
		}
		name = id.Name
	default:
		return false
	}
	if sym := g.scope.Lookup(strings.ToLower(name)); sym == nil || !g.pa.ActiveVar(sym) {
		return false
	}
	if !ompSumOf(a) {
		return false
	}
	others := false
	for _, st := range body {
		ast.Inspect(st, func(n ast.Node) bool {
			if n == ast.Node(a) {
				return false
			}
			if id, isID := n.(*ast.Ident); isID && strings.EqualFold(id.Name, name) {
				others = true
			}
			return !others
		})
	}
	return !others
}

// ompSumOf reports whether a is x = x + e, x = x - e or x = e + x with e
// free of the variable x names.
func ompSumOf(a *ast.AssignStmt) bool {
	b, ok := a.Rhs.(*ast.BinaryExpr)
	if !ok || b.Op != token.PLUS && b.Op != token.MINUS {
		return false
	}
	name := refName(a.Lhs)
	e := b.Y
	switch {
	case ast.Equal(b.X, a.Lhs):
	case b.Op == token.PLUS && ast.Equal(b.Y, a.Lhs):
		e = b.X
	default:
		return false
	}
	return !mentions(e, name)
}
