package adjoint

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// passiveTail reports whether the items of an array constructor are all
// passive: no variable with an adjoint, no reference to a procedure of
// the program (`m%obs(1:n) = [(0.1_dp*i, i = 1, n)]`, an active
// variable's component set to constants). They add nothing to the
// adjoint, implied DOs included (which were rejected).
func (g *gen) passiveTail(items []ast.Expr) bool {
	passive := true
	for _, it := range items {
		ast.Inspect(it, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if s := g.info.ObjectOf(n); s != nil && s.Kind == sema.VarSym && g.hasAdj(s) {
					passive = false
				}
			case *ast.CallExpr:
				if c, ok := g.info.Calls[n]; ok && c.Kind == sema.FunctionCall && c.Proc != nil && c.Proc.Proc != nil && c.Proc.Proc.Unit != nil {
					passive = false
				}
			}
			return passive
		})
	}
	return passive
}
