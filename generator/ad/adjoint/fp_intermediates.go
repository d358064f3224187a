package adjoint

import (
	"fmt"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// The adjoints of the loop's intermediates (what the body defines that
// is not state) are zeroed before each sweep of its adjoint. An
// intermediate the body overwrites whole leaves its sweep with a zero
// adjoint anyway; one the body writes only in part (a Jacobi work array
// whose boundary values are set before the loop: tn(1) = t(1); the
// sweep updates the interior; t = tn) keeps, at the elements the body
// leaves, the increments of every adjoint iteration: those elements are
// parameters of the loop, whose adjoints the parameters sweep adds once
// (they grew with each iteration before: dot-product error 0.97). No
// adjoint comes into the loop for them: an intermediate is not live
// after it.

// zeroIntermediates returns the zeroing of the adjoints of the loop's
// intermediates that sweep references: real or complex variables, not
// derived, allocatable or pointer, that the body does not assign whole
// at its top level (those are zero after each sweep already).
func (fp *fpCode) zeroIntermediates(sweep []ast.Stmt) []ast.Stmt {
	state := map[*sema.Symbol]bool{}
	for _, v := range fp.d.State {
		state[v] = true
	}
	var out []ast.Stmt
	for _, v := range fp.d.Out {
		if state[v] || !fp.g.hasAdj(v) || v.Type == nil || !v.Type.IsFloat() || decl.IsDerived(v.Type) ||
			v.Attrs.Has(sema.AttrAllocatable) || v.Attrs.Has(sema.AttrPointer) || assignsWhole(fp.d.Record, v.Name, "") {
			continue
		}
		if zb := fp.g.aname(v); references(sweep, zb) {
			out = append(out, parseStmts(fmt.Sprintf("%s = 0", zb))...)
		}
	}
	return out
}
