package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// ALLOCATABLE variables of derived type (type(cell), allocatable ::
// c(:), type(diag), allocatable :: d) are reversed as real allocatables
// are (alloc.go): the adjoint, of the same type, is allocated with the
// variable; the records of a value the backward sweep restores hold it
// component by component (recordDerived); the adjoint's real and
// complex components are zeroed where a real adjoint would be.

// zeroFor returns zero, the assignment of 0 to the adjoint of variable
// s, or for s of derived type the one statement zeroing its components.
func (g *gen) zeroFor(zero *ast.AssignStmt, s *sema.Symbol) ast.Stmt {
	return g.zeroForOf(zero, s, s.Name)
}

// zeroForOf is zeroFor for s reached by the name x.
func (g *gen) zeroForOf(zero *ast.AssignStmt, s *sema.Symbol, x string) ast.Stmt {
	if !decl.IsDerived(s.Type) {
		return zero
	}
	z := decl.ZeroBlock(zero.Lhs, s.Rank(), s.Type.Derived, g.newIndex)
	if id, ok := zero.Lhs.(*ast.Ident); ok && decl.IsAllocatable(s) && len(decl.AllocPaths(s.Type)) > 0 {
		// Just allocated (AllocateLike): its ALLOCATABLE components
		// follow s's, element by element, zero.
		blk := z.(*ast.BlockConstruct)
		blk.Body = append(decl.FollowComponents(x, id.Name, s, true, g.newIndex), blk.Body...)
	}
	return z
}
