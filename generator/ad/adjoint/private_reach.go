package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Module state PRIVATE to a module outside the routine (decl.OutOfReach):
// a solver's work arrays, touched only by its module's procedures. The
// routine cannot name it, so its adjoint neither aligns the variable's
// adjoint with it nor saves the variable: the module's procedures align
// the adjoint on their entry. Only the adjoint, public in the module's
// derivative code, is in reach: zeroed where allocated if the value on
// exit is passive. A snapshot or tape record of the variable outside
// its module is rejected (outOfReach).

// zeroOutOfReach returns the entry code of the adjoint of s.
func (g *gen) zeroOutOfReach(s *sema.Symbol, passive bool) []ast.Stmt {
	if !passive {
		return nil
	}
	xb := s.Name + g.suffix
	z := g.zeroAdj(xb, s)
	if !decl.IsAllocatable(s) {
		return z
	}
	return []ast.Stmt{&ast.IfConstruct{Branches: []*ast.IfBranch{{Cond: decl.Allocated(ast.NewIdent(xb)), Body: z}}}}
}

// outOfReach is the rejection of a save or restore of s in routine proc.
func outOfReach(s *sema.Symbol, proc string) error {
	return notSupported("private module variable '%s' of '%s', which the adjoint of '%s' must save and restore: a routine outside the module cannot reach it (make it PUBLIC)", s.Name, s.Module().Name, proc)
}
