package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// extOutZeros returns the zeroing of the adjoints of the components the
// actuals of call c add to the types of the callee's INTENT(OUT) CLASS
// dummies, which the call resets (ad/decl/oop_extzero.go): before the
// callee's adjoint in the backward sweep.
func (g *gen) extOutZeros(c *activeCall) []ast.Stmt {
	return decl.ExtOutZeros(g.info, c.scope, c.callee.Unit.Args, c.args, func(a ast.Expr) ast.Expr {
		v := g.baseSym(a)
		if v == nil || !g.hasAdj(v) {
			return nil
		}
		x, err := g.adjRef(a)
		if err != nil {
			return nil
		}
		return x
	}, g.newIndex)
}
