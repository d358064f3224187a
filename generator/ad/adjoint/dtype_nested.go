package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Array components of derived type whose own components are arrays (a
// column's `type(layer_t) :: layers(nl)`, each layer with `real(wp) ::
// t(nz)`): a record or snapshot of the column holds them element by
// element, in DO loops over the layers (a reference may have only one
// part of nonzero rank, so col%layers%t is no reference). tapeLeaves
// returns such a component as one nested leaf; recordDerived and
// derivedSnapOps record its elements as they record an array variable of
// that type.

// nestedLeaf returns the nested leaf of sub, component c of rank rank
// (its own dimensions included), nested depth deep: ok if c is an
// array of a derived type that needLoop records element by element and
// sub names no array above it.
func nestedLeaf(sub ast.Expr, rank int, c *sema.Symbol, depth int) (tapeLeaf, bool) {
	if !decl.IsDerived(c.Type) || depth >= 8 || len(c.Dims) == 0 || rank != len(c.Dims) || c.Type.Derived == nil || !needLoop(c.Type.Derived, depth+1) {
		return tapeLeaf{}, false
	}
	return tapeLeaf{ref: sub, rank: rank, nested: c.Type}, true
}

// nestedSnapOps returns the snapshot ops of the elements of nested leaf
// l of variable v, inside loops and the element loops of l.
func (g *gen) nestedSnapOps(v *sema.Symbol, l tapeLeaf, guard ast.Expr, loops []snapLoop, what string) ([]snapOp, error) {
	el, inner := g.elementLoops(l.ref, l.rank) // snap_types.go
	all := append(append([]snapLoop(nil), loops...), inner...)
	return g.leafSnapOps(v, el, 0, l.nested.Derived, guard, all, what)
}

// leafSnapOps returns the snapshot ops of the leaves of ref, of derived
// type ts and rank rank, a part of variable v (tapeLeaves), under guard
// and inside loops.
func (g *gen) leafSnapOps(v *sema.Symbol, ref ast.Expr, rank int, ts *sema.Symbol, guard ast.Expr, loops []snapLoop, what string) ([]snapOp, error) {
	leaves, err := tapeLeaves(ref, rank, ts, 0) // derived.go
	if err != nil {
		return nil, err
	}
	var ops []snapOp
	for _, l := range leaves {
		switch {
		case l.nested != nil:
			more, err := g.nestedSnapOps(v, l, guard, loops, what)
			if err != nil {
				return nil, err
			}
			ops = append(ops, more...)
			continue
		case l.alloc != nil && layeredParts(l): // snap_alloc_layers.go
			more, err := g.layeredSnapOps(v, l, guard, loops, what)
			if err != nil {
				return nil, err
			}
			ops = append(ops, more...)
			continue
		case l.alloc != nil: // derived.go records these with their allocation
			op, err := g.allocComponentOp(v, l, guard, loops, what) // snap_realloc.go
			if err != nil {
				return nil, err
			}
			ops = append(ops, op)
			continue
		}
		op := snapOp{Op: tape.Op{Type: l.typ, Ref: l.ref}, guard: guard, loops: loops, part: l.part}
		if l.rank > 0 {
			op.Count = tape.Size(l.ref)
		}
		ops = append(ops, op)
	}
	return ops, nil
}

// hasChars reports whether derived type ts has a character component at
// any depth (charLeaves saves them; an array component of a type without
// any, under an array, is no reason to reject).
func hasChars(ts *sema.Symbol, depth int) bool {
	if ts == nil || depth > 8 {
		return false
	}
	for _, c := range ts.Components {
		if c.Kind != sema.ComponentSym || c.Type == nil {
			continue
		}
		if c.Type.IsCharacter() || decl.IsDerived(c.Type) && hasChars(c.Type.Derived, depth+1) {
			return true
		}
	}
	return false
}
