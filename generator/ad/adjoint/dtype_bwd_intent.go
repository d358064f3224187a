package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// bwdInOut returns the declarations of foo_bwd (calls: split) with the
// INTENT(OUT) dummies of derived types with ALLOCATABLE components
// (decl.AllocPaths) made INTENT(INOUT): INTENT(OUT) would deallocate
// those components on entry, and the adjoints' follow the primal's
// allocation (a column_init(col) allocating col%layers: col_b%layers
// would be dropped before the backward sweep reads it; an ALLOCATABLE
// array of columns would lose the layers its elements' records do not
// restore).
func (g *gen) bwdInOut(decls []ast.Stmt) []ast.Stmt {
	out := make([]ast.Stmt, len(decls))
	for i, d := range decls {
		out[i] = d
		td, ok := d.(*ast.TypeDecl)
		if !ok || !g.outWithAllocComps(td) {
			continue
		}
		nd := *td
		nd.Attrs = make([]*ast.Attr, len(td.Attrs))
		for j, a := range td.Attrs {
			nd.Attrs[j] = a
			if a.Kind == ast.AttrIntent && a.Intent == ast.IntentOut {
				na := *a
				na.Intent = ast.IntentInOut
				nd.Attrs[j] = &na
			}
		}
		out[i] = &nd
	}
	return out
}

// outWithAllocComps reports whether td declares only INTENT(OUT) dummies
// of derived types with ALLOCATABLE components fadj follows.
func (g *gen) outWithAllocComps(td *ast.TypeDecl) bool {
	n := 0
	for _, e := range td.Entities {
		s := g.scope.LookupLocal(e.Name.Lower())
		if s == nil || !s.IsDummy() || s.Intent != ast.IntentOut || len(decl.AllocPaths(s.Type)) == 0 {
			return false
		}
		n++
	}
	return n > 0
}

// wholeAssignAdjoint returns the adjoint of s, an assignment to a whole
// ALLOCATABLE variable or component (base its variable) or the value
// an ALLOCATE with SOURCE= gives: component by component for a derived
// type (derived.go: assignAdjoint would write lhs_b = 0.0 and drop the
// right side's increments).
func (g *gen) wholeAssignAdjoint(s *ast.AssignStmt, base *sema.Symbol) ([]ast.Stmt, error) {
	if g.layeredAssign(s) {
		return g.layeredAssignAdjoint(s) // dtype_layered.go
	}
	if decl.IsDerived(g.info.TypeOf(s.Lhs)) {
		return g.derivedAssignAdjoint(s)
	}
	return g.assignAdjoint(s, base)
}
