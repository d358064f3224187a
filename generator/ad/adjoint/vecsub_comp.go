package adjoint

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A component of an array of derived type gathered by a vector subscript
// on a right side: `ks = params(isoil)%ksat`, soil parameters looked up
// by each column's soil type. Its adjoint is a scatter-add, as for a real
// array (vecsub.go), one element at a time into params_b(isoil(k))%ksat:
// several columns may share a soil type. It was rejected.

// vectorComponent reports whether x is a component reference a%b...%c of
// an element reference a(...) of a named array with a vector subscript,
// scalar components (or elements of array components, p(ist)%coef(2))
// after it; path rebuilds x's components on an element of a's adjoint.
func (g *gen) vectorComponent(x ast.Expr) (*ast.CallExpr, func(ast.Expr) ast.Expr, bool) {
	var steps []func(ast.Expr) ast.Expr // innermost first
	for {
		if c, ok := x.(*ast.CallExpr); ok {
			// An element of an array component: p(ist)%coef(2).
			sel, ok := c.Fun.(*ast.SelectorExpr)
			if !ok || g.info.Calls[c].Kind != sema.ArrayElement || vectorSubscript(g.info, c) || hasRange(c.Args) {
				break
			}
			args := c.Args
			steps = append([]func(ast.Expr) ast.Expr{func(el ast.Expr) ast.Expr {
				return &ast.CallExpr{Fun: el, Args: cloneExprs(args)}
			}}, steps...)
			x = sel
			continue
		}
		sel, ok := x.(*ast.SelectorExpr)
		if !ok {
			break
		}
		if len(steps) == 0 && g.info.Rank(sel) != g.info.Rank(sel.X) { // a whole array component
			return nil, nil, false
		}
		name := sel.Sel.Name
		steps = append([]func(ast.Expr) ast.Expr{func(el ast.Expr) ast.Expr {
			return &ast.SelectorExpr{X: el, Sel: ast.NewIdent(name)}
		}}, steps...)
		x = sel.X
	}
	if len(steps) == 0 {
		return nil, nil, false
	}
	c, ok := g.vectorElement(x)
	if !ok {
		return nil, nil, false
	}
	path := func(el ast.Expr) ast.Expr {
		for _, f := range steps {
			el = f(el)
		}
		return el
	}
	return c, path, true
}

// hasRange reports whether a subscript of args is a triplet.
func hasRange(args []ast.Expr) bool {
	for _, a := range args {
		if _, ok := a.(*ast.RangeExpr); ok {
			return true
		}
	}
	return false
}
