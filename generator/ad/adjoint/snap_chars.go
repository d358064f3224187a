package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Character variables in the snapshots of checkpointed loops and
// regions (a tag, a scheme name, a file name the step assigns and a
// later step reads): their character codes on the i4 snapshot stack,
// len(s) of them an element, through the runtime's fadj_snap_push_char,
// fadj_snap_pop_char and fadj_snap_peek_char (and _array forms).

// charSnapOp returns the snapshot save of character variable v, which
// the steps of checkpoint what define or read: a scalar or an array of
// any length.
func (g *gen) charSnapOp(v *sema.Symbol, what string) (snapOp, error) {
	if v.Attrs.Has(sema.AttrAllocatable) || v.Attrs.Has(sema.AttrPointer) {
		return snapOp{}, notSupported("allocatable or pointer character variable '%s' in a snapshot of %s", v.Name, what)
	}
	ref, err := g.wholeRef(v, what)
	if err != nil {
		return snapOp{}, err
	}
	op := snapOp{Op: tape.Op{Type: tape.I4, Ref: ref}, char: true}
	if v.Rank() > 0 {
		for _, d := range v.Dims {
			if d.Kind == sema.AssumedSize {
				return snapOp{}, notSupported("assumed-size array '%s' defined by %s", v.Name, what)
			}
		}
		op.Count = tape.Size(ref)
	}
	return op, nil
}
