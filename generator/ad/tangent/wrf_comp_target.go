package tangent

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// ownedComponentTarget reports whether x, the target of a pointer
// assignment, is (a section of) a POINTER component of a scalar
// variable that owns its target (allocated, never associated by =>:
// decl/ptrcomp.go), as WRF's grid of POINTER state arrays is pointed at
// (t => grid%t_2(1:n, :, 1:n)): the tangent's component is allocated
// with it, so t_d => grid_d%t_2(1:n, :, 1:n) follows the association.
func (g *gen) ownedComponentTarget(x ast.Expr) bool {
	var args []ast.Expr
	if c, ok := x.(*ast.CallExpr); ok && g.info.Calls[c].Kind == sema.ArrayElement {
		x, args = c.Fun, c.Args
	}
	sel, ok := x.(*ast.SelectorExpr)
	if !ok || !g.scalarComponent(sel) || decl.PointerComponentIn(g.info, sel.X) != nil {
		return false
	}
	for _, a := range args {
		if decl.PointerComponentIn(g.info, a) != nil {
			return false
		}
	}
	return !g.componentAssociated(g.baseSym(sel))
}
