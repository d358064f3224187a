package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// POINTER components in the snapshots of checkpointed loops and regions
// (CLM's waterstate_type: `real(r8), pointer :: h2osno_col(:) =>
// null()`, allocated by a type-bound Init and changed by the steps).
//
// Such a component owns its target (decl/ptrcomp.go: never associated
// by `=>`, nor copied by a whole-value assignment; a type whose POINTER
// component some `=>` associates, as a double buffer swapped by the
// steps, is rejected: its snapshot would have to hold the association),
// so it is saved as an
// ALLOCATABLE component is (snap_realloc.go): its values when
// associated, its bounds and a flag; a restore that finds it
// disassociated, or associated with other bounds, deallocates and
// allocates it. The only difference is ASSOCIATED for ALLOCATED
// (decl.Associate), which snapOp.comp asks for.

// associatedComponents returns the POINTER components that a pointer
// assignment of files associates (s%now => a, s%now(0:) => a): such a
// component shares its target, so a snapshot would have to hold its
// association, not values it owns.
func associatedComponents(info *sema.Info, files []*ast.File) map[*sema.Symbol]bool {
	out := map[*sema.Symbol]bool{}
	var units []ast.Node
	for _, f := range files {
		for _, u := range f.Units {
			units = append(units, u)
		}
	}
	for _, u := range units {
		ast.Inspect(u, func(n ast.Node) bool {
			pa, ok := n.(*ast.PointerAssignStmt)
			if !ok {
				return true
			}
			x := pa.Lhs
			if c, ok := x.(*ast.CallExpr); ok {
				x = c.Fun // (bounds: pointer_remap.go)
			}
			if sel, ok := x.(*ast.SelectorExpr); ok {
				if c := info.ObjectOf(sel.Sel); c != nil {
					out[c] = true
				}
			}
			return true
		})
	}
	return out
}

// sharedPointerComponent reports whether type t has a POINTER component
// that a pointer assignment associates.
func (g *gen) sharedPointerComponent(t *sema.Type) bool {
	for _, c := range decl.AllocLeaves(t) {
		if c.Attrs.Has(sema.AttrPointer) && g.sh.assocComps[c] {
			return true
		}
	}
	return false
}
