package tangent

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// POINTER components (decl/ptrcomp.go) follow their variables' as
// ALLOCATABLE components do (alloc_comp.go); their associations by =>
// are rejected.

// checkPointerComponent rejects pointer assignment s when it associates
// a POINTER component with real data, or a pointer with one.
func (g *gen) checkPointerComponent(s *ast.PointerAssignStmt) error {
	for _, x := range []ast.Expr{s.Lhs, s.Rhs} {
		if r := decl.PointerComponentIn(g.info, x); r != nil {
			return notSupported("pointer assignment of POINTER component '%s' (fadj follows POINTER components that are only allocated and deallocated)", exprString(r))
		}
	}
	return nil
}
