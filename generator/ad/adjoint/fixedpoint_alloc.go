package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// Allocations in the end values of fixed-point loops.
//
// An iteration may allocate and free a work array, or assign a whole
// allocatable array a value whose shape may differ (x = xn). The end
// values the loop saves, and its values before the loop, then hold the
// allocation too, as a checkpointed loop's snapshots do
// (snap_realloc.go): the values when allocated, the bounds and a flag
// on the snapshot stacks, whatever stack the save's kind names (before
// the loop: the tape), since a restore must read the flag before the
// values. Pushes and pops nest, so the stacks stay balanced.

// fpOpStmts returns op, a save of a fixed-point loop's values, as
// statements of kind k: a push or a pop.
func fpOpStmts(op snapOp, k tape.Kind) []ast.Stmt {
	if !op.realloc {
		return []ast.Stmt{op.stmt(k)}
	}
	if k.IsPush() {
		return op.reallocStmts("push")
	}
	return op.reallocStmts("pop")
}
