package tangent

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// extOutZeros returns the zeroing of the tangents of the components the
// actuals of call s add to the types of the callee's INTENT(OUT) CLASS
// dummies, which the call resets (ad/decl/oop_extzero.go): after the
// tangent call.
func (g *gen) extOutZeros(s *ast.CallStmt, callee *activity.ProcActivity) []ast.Stmt {
	cs := g.info.ScopeOf(callee.Unit)
	if cs == nil {
		return nil
	}
	return decl.ExtOutZeros(g.info, cs, callee.Unit.Args, s.Args, func(a ast.Expr) ast.Expr {
		v := g.baseSym(a)
		if v == nil || !g.pa.ActiveVar(v) {
			return nil
		}
		x, err := g.shadowRef(a)
		if err != nil {
			return nil
		}
		return x
	}, func() *ast.Ident { return g.newTemp("fadj_i", sema.Int4) })
}
