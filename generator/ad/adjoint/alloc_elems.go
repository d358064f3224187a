package adjoint

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// ALLOCATABLE components of the elements of array components
// (col%layers(k)%t, decl/derived_elems.go) reached through the element
// indices of generated loops (records, snapshots, their restorations):
// those references are no array elements sema saw, so adjRef does not
// rename them; their adjoint is the same reference on the adjoint of
// its base variable.

// renamedBase returns x, a chain of components and subscripts on base
// variable id, with id replaced by its adjoint (adjRef); nil if x is
// not such a chain.
func (g *gen) renamedBase(x ast.Expr) ast.Expr {
	switch x := x.(type) {
	case *ast.Ident:
		r, err := g.adjRef(x)
		if err != nil {
			return nil
		}
		return r
	case *ast.SelectorExpr:
		if b := g.renamedBase(x.X); b != nil {
			return &ast.SelectorExpr{X: b, Sel: ast.NewIdent(x.Sel.Name)}
		}
	case *ast.CallExpr:
		if f := g.renamedBase(x.Fun); f != nil {
			return &ast.CallExpr{Fun: f, Args: cloneExprs(x.Args)}
		}
	}
	return nil
}
