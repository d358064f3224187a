package adjoint

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// An ALLOCATABLE component of a layered derived type (col%layers(:),
// each layer with ALLOCATABLE profiles: decl/derived_layers.go) in a
// snapshot. Its save is the component's own (snap_realloc.go: the
// values of its scalar components, col%layers%dz, its bounds, then its
// flag), pushed last, after the saves of each element's profiles with
// their allocations, in loops over the elements under IF
// (ALLOCATED(col%layers)) (snap_alloc_elems.go). A restore reads the
// component's save first, which allocates col%layers as it was, then
// the elements'. A release pops the component's flag and bounds first
// and keeps them (fadj_snlay_*), and the releases of the elements loop
// over those bounds, not over the component's allocation now, which the
// steps may change.

// layeredSnapOps returns the saves of leaf l, an ALLOCATABLE component
// of a layered type of variable v, not under loops or a guard: its
// elements' components, then its own.
func (g *gen) layeredSnapOps(v *sema.Symbol, l tapeLeaf, guard ast.Expr, loops []snapLoop, what string) ([]snapOp, error) {
	rank := len(l.alloc.Dims)
	if guard != nil || len(loops) > 0 || rank == 0 {
		return nil, notSupported("ALLOCATABLE component '%s' of a derived type with ALLOCATABLE components, scalar or of an ALLOCATABLE variable or an element of an array, in a snapshot of %s", exprString(l.ref), what)
	}
	flag, err := g.local("fadj_snlay_f", intType)
	if err != nil {
		return nil, err
	}
	el, elLoops := g.elementLoops(l.ref, rank) // snap_types.go
	var dropLoops []snapLoop
	for k, lp := range elLoops {
		d := rank - k // (elementLoops: the last dimension outermost)
		lo, err := g.local(fmt.Sprintf("fadj_snlay_l%d", d), intType)
		if err != nil {
			return nil, err
		}
		hi, err := g.local(fmt.Sprintf("fadj_snlay_u%d", d), intType)
		if err != nil {
			return nil, err
		}
		dropLoops = append(dropLoops, snapLoop{i: lp.i, lo: ast.NewIdent(lo.Name), hi: ast.NewIdent(hi.Name)})
	}
	var ops []snapOp
	for _, k := range l.alloc.Type.Derived.Components {
		if k.Kind != sema.ComponentSym || !k.Attrs.Has(sema.AttrAllocatable) {
			continue
		}
		lk := tapeLeaf{ref: &ast.SelectorExpr{X: ast.Clone(el), Sel: ast.NewIdent(k.Name)}, alloc: k}
		op, err := g.allocComponentOp(v, lk, decl.Allocated(ast.Clone(l.ref)), elLoops, what) // snap_realloc.go
		if err != nil {
			return nil, err
		}
		op.dropGuard = eq(ast.NewIdent(flag.Name), deriv.Int(1))
		op.dropLoops = dropLoops
		ops = append(ops, op)
	}
	own, err := g.allocComponentOp(v, l, nil, nil, what)
	if err != nil {
		return nil, err
	}
	own.keepBounds = "fadj_snlay"
	return append(ops, own), nil
}

// keptBounds returns the statements keeping the flag and bounds a
// release of op just popped (fadj_snf, fadj_snl1, fadj_snu1, ...) in
// op.keepBounds's locals, for the releases of its elements.
func (op snapOp) keptBounds() string {
	if op.keepBounds == "" {
		return ""
	}
	out := []string{fmt.Sprintf("%s_f = fadj_snf\n", op.keepBounds)}
	for k := 1; k <= op.rank; k++ {
		out = append(out, fmt.Sprintf("%s_l%d = fadj_snl%d\n%s_u%d = fadj_snu%d\n", op.keepBounds, k, k, op.keepBounds, k, k))
	}
	return strings.Join(out, "")
}

// layeredParts reports whether leaf l is an ALLOCATABLE component of a
// layered type: its parts are the scalar components of its elements.
func layeredParts(l tapeLeaf) bool {
	return isDerivedLeaf(l) && decl.LayeredType(l.alloc.Type)
}
