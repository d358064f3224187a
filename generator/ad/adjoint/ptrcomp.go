package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// POINTER components (decl/ptrcomp.go) are reversed as ALLOCATABLE
// components (alloc_comp.go); their associations by => are rejected.

// checkPointerComponent rejects pointer assignment s when it associates
// a POINTER component with real data, or a pointer with one.
func (g *gen) checkPointerComponent(s *ast.PointerAssignStmt) error {
	for _, x := range []ast.Expr{s.Lhs, s.Rhs} {
		if r := decl.PointerComponentIn(g.info, x); r != nil {
			return notSupported("pointer assignment of POINTER component '%s' in reverse mode (fadj follows POINTER components that are only allocated and deallocated)", exprString(r))
		}
	}
	return nil
}

// ownedKind names the attribute of component c: ALLOCATABLE or POINTER.
func ownedKind(c *sema.Symbol) string {
	if c.Attrs.Has(sema.AttrPointer) {
		return "POINTER"
	}
	return "ALLOCATABLE"
}
