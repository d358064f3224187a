package tangent

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// zeroOutOfReach returns the entry code for the tangent of module
// variable s, PRIVATE to a module outside the routine (decl.OutOfReach):
// the routine cannot name s, so it neither aligns the tangent with it
// nor saves it; its module's procedures align it on their entry, and
// a tangent they allocate starts at zero. Only the tangent, public in
// the module's derivative code, is in reach: zeroed if zero (its value
// on entry is passive), where allocated.
func (g *gen) zeroOutOfReach(s *sema.Symbol, zero bool) []ast.Stmt {
	if !zero {
		return nil
	}
	xd := s.Name + g.suffix
	z := g.zero(xd, s)
	if !decl.IsAllocatable(s) {
		return z
	}
	return []ast.Stmt{&ast.IfConstruct{Branches: []*ast.IfBranch{{Cond: decl.Allocated(ast.NewIdent(xd)), Body: z}}}}
}
