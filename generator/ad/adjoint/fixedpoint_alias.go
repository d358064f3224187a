package adjoint

import (
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Pointers in fixed-point loops.
//
// The state and parameters of a fixed-point loop (package
// analysis/fixedpoint) are name variables: an iteration writing
// through pointer xn => xs(:, 2) is not seen to define xs, and the
// adjoint iterations would run from the wrong end values (a wrong
// gradient, found by kernel trials). Until those sets follow pointer
// association as the snapshots of checkpointed loops do
// (snap_alias.go), a fixed-point loop naming a pointer is rejected at
// its first reference.

// fixedPointPointers rejects body, the iteration of fixed-point loop
// what, when it names a data pointer.
func (g *gen) fixedPointPointers(body []ast.Stmt, what string) error {
	var bad *ast.Ident
	ast.Inspect(&ast.Unit{Body: body}, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && bad == nil {
			if v := g.info.ObjectOf(id); v != nil && v.Kind == sema.VarSym && v.Attrs.Has(sema.AttrPointer) {
				bad = id
			}
		}
		return bad == nil
	})
	if bad == nil {
		return g.splitJoint(body, what) // fixedpoint_split_joint.go
	}
	return diag.At(g.fset, bad.Pos(), notSupported("pointer '%s' in %s: its state and parameters do not follow pointer association", bad.Name, what))
}
