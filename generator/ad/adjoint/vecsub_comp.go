package adjoint

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// A component of an array of derived type gathered by a vector subscript
// on a right side: `ks = params(isoil)%ksat`, soil parameters looked up
// by each column's soil type. Its adjoint is a scatter-add, as for a real
// array (vecsub.go), one element at a time into params_b(isoil(k))%ksat:
// several columns may share a soil type. It was rejected.

// vectorComponent reports whether x is a component reference a%b...%c of
// an element reference a(...) of a named array with a vector subscript,
// scalar components after it; path rebuilds x's components on an element
// of a's adjoint.
func (g *gen) vectorComponent(x ast.Expr) (*ast.CallExpr, func(ast.Expr) ast.Expr, bool) {
	var sels []*ast.Ident
	for {
		sel, ok := x.(*ast.SelectorExpr)
		if !ok {
			break
		}
		if g.info.Rank(sel) != g.info.Rank(sel.X) { // an array component
			return nil, nil, false
		}
		sels = append([]*ast.Ident{sel.Sel}, sels...)
		x = sel.X
	}
	if len(sels) == 0 {
		return nil, nil, false
	}
	c, ok := g.vectorElement(x)
	if !ok {
		return nil, nil, false
	}
	path := func(el ast.Expr) ast.Expr {
		for _, s := range sels {
			el = &ast.SelectorExpr{X: el, Sel: ast.NewIdent(s.Name)}
		}
		return el
	}
	return c, path, true
}
