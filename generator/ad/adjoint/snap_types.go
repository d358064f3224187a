package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Derived-type variables in the snapshots of checkpointed loops and
// regions: saved component by component (derived.go's tapeLeaves: the
// numeric and logical components at any depth, an array of types by a
// per-component array push of a%x). Not supported yet: allocatable or
// pointer components, character components (a step may branch on
// them), and arrays of types whose components are arrays (they would
// need loops, which the snapshot's peek and discard do not take).

// derivedSnapOps returns the snapshot ops of v, of derived type, which
// the steps body of checkpoint what define or read.
func (g *gen) derivedSnapOps(v *sema.Symbol, body []ast.Stmt, what string) ([]snapOp, error) {
	ts := v.Type.Derived
	if ts == nil || v.Type.Class || v.Attrs.Has(sema.AttrPointer) {
		return nil, notSupported("variable '%s' of type %s defined by %s: no tape for it", v.Name, v.Type, what)
	}
	if hasCharComponent(ts, 0) {
		return nil, notSupported("variable '%s' of type %s, with character components, in a snapshot of %s", v.Name, v.Type, what)
	}
	if v.Rank() > 0 && needLoop(ts, 0) {
		return nil, notSupported("array '%s' of type %s, with array components, in a snapshot of %s", v.Name, v.Type, what)
	}
	var ref, guard ast.Expr
	if decl.IsAllocatable(v) {
		if g.scope.Lookup(v.Name) != v {
			return nil, notSupported("allocatable variable '%s' defined by '%s', not visible in '%s'", v.Name, what, g.pa.Proc.Name)
		}
		if err := g.keepsAllocation(v, body, what); err != nil {
			return nil, err
		}
		ref, guard = ast.NewIdent(v.Name), decl.Allocated(ast.NewIdent(v.Name))
	} else {
		var err error
		if ref, err = g.wholeRef(v, what); err != nil {
			return nil, err
		}
	}
	leaves, err := tapeLeaves(ref, v.Rank(), ts, 0) // derived.go
	if err != nil {
		return nil, err
	}
	var ops []snapOp
	for _, l := range leaves {
		op := snapOp{Op: tape.Op{Type: l.typ, Ref: l.ref}, guard: guard}
		if l.rank > 0 {
			op.Count = tape.Size(l.ref)
		}
		ops = append(ops, op)
	}
	return ops, nil
}

// hasCharComponent reports whether derived type ts has a character
// component, at any depth.
func hasCharComponent(ts *sema.Symbol, depth int) bool {
	for _, c := range ts.Components {
		if c.Kind != sema.ComponentSym || c.Type == nil {
			continue
		}
		if c.Type.IsCharacter() || (decl.IsDerived(c.Type) && depth < 8 && hasCharComponent(c.Type.Derived, depth+1)) {
			return true
		}
	}
	return false
}
