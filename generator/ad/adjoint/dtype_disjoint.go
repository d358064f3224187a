package adjoint

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// disjointElements reports whether x and y are elements of the same
// array with constant subscripts that differ (s(1) = s(0): the stages of
// a Runge-Kutta step kept in an array of states), so that assigning one
// from the other is as between two variables.
func (g *gen) disjointElements(x, y ast.Expr) bool {
	cx, ok1 := x.(*ast.CallExpr)
	cy, ok2 := y.(*ast.CallExpr)
	if !ok1 || !ok2 || len(cx.Args) != len(cy.Args) || len(cx.Args) == 0 {
		return false
	}
	ix, ok1 := cx.Fun.(*ast.Ident)
	iy, ok2 := cy.Fun.(*ast.Ident)
	if !ok1 || !ok2 || g.info.ObjectOf(ix) != g.info.ObjectOf(iy) {
		return false
	}
	differ := false
	for i := range cx.Args {
		a, okA := g.constInt(cx.Args[i])
		b, okB := g.constInt(cy.Args[i])
		if !okA || !okB {
			return false
		}
		differ = differ || a != b
	}
	return differ
}
