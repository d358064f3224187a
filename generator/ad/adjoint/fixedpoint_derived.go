package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/analysis/fixedpoint"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Derived-type variables in fixed-point loops.
//
// The analysis's state and parameters are real and complex variables
// (generator/analysis/fixedpoint): an active derived-type variable the
// body reads or defines would be left out of both, its adjoint neither
// iterated with the state's nor restored as a parameter's in each
// adjoint iteration, and the derivative wrong. It is rejected at the
// loop until the adjoint copies handle it component by component.

// checkDerivedFixed rejects an active derived-type variable named in the
// body of fixed-point loop s.
func (g *gen) checkDerivedFixed(s *ast.DoConstruct, d *fixedpoint.Decision) error {
	var bad *sema.Symbol
	for v := range g.bodyUses([]ast.Stmt{s}) {
		if decl.IsDerived(v.Type) && g.hasAdj(v) && (bad == nil || v.Name < bad.Name) {
			bad = v
		}
	}
	if bad == nil {
		return nil
	}
	return notSupported("active derived-type variable '%s' in fixed-point loop %s (as its state or a parameter)", bad.Name, d.Name)
}
