package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Derived-type variables in the snapshots of checkpointed loops and
// regions: saved component by component (derived.go's tapeLeaves: the
// numeric and logical components at any depth, an array of types by a
// per-component array push of a%x, or element by element in DO loops
// when its components are arrays), character components as character
// variables (snap_chars.go), allocatable components of a scalar with
// their allocation (snap_realloc.go), those of an array of types or of
// an allocatable variable element by element (snap_alloc_elems.go), and
// POINTER components, which own their targets, as allocatable ones
// (snap_ptrcomp.go).

// derivedSnapOps returns the snapshot ops of v, of derived type, which
// the steps body of checkpoint what define or read.
func (g *gen) derivedSnapOps(v *sema.Symbol, body []ast.Stmt, what string) ([]snapOp, error) {
	ts := v.Type.Derived
	if ts == nil || v.Type.Class || v.Attrs.Has(sema.AttrPointer) {
		return nil, notSupported("variable '%s' of type %s defined by %s: no tape for it", v.Name, v.Type, what)
	}
	if g.sharedPointerComponent(v.Type) { // snap_ptrcomp.go
		return nil, notSupported("variable '%s' of type %s, whose POINTER component a pointer assignment associates, defined by %s", v.Name, v.Type, what)
	}
	var ref, guard ast.Expr
	var keep error // why the steps change v's allocation
	if decl.IsAllocatable(v) {
		if g.scope.Lookup(v.Name) != v {
			return nil, notSupported("allocatable variable '%s' defined by '%s', not visible in '%s'", v.Name, what, g.pa.Proc.Name)
		}
		keep = g.keepsAllocation(v, body, what)
		ref, guard = ast.NewIdent(v.Name), decl.Allocated(ast.NewIdent(v.Name))
	} else {
		var err error
		if ref, err = g.wholeRef(v, what); err != nil {
			return nil, err
		}
	}
	rank := v.Rank()
	var loops []snapLoop
	if rank > 0 && (needLoop(ts, 0) || charArrayUnder(ts, 0) || allocComps(ts)) {
		// An array of a type with array components: element by element
		// (a reference may have only one part of nonzero rank).
		ref, loops = g.elementLoops(ref, rank)
		rank = 0
	}
	ops, err := g.leafSnapOps(v, ref, rank, ts, guard, loops, what) // dtype_nested.go
	if err != nil {
		return nil, err
	}
	chars, err := charLeaves(ref, rank, ts, 0)
	if err != nil {
		return nil, err
	}
	for _, l := range chars {
		if l.alloc != nil {
			op, err := g.allocComponentOp(v, l, guard, loops, what) // snap_realloc.go
			if err != nil {
				return nil, err
			}
			ops = append(ops, op)
			continue
		}
		op := snapOp{Op: tape.Op{Type: tape.Char, Ref: l.ref}, guard: guard, loops: loops}
		if l.rank > 0 {
			op.Count = tape.Size(l.ref)
		}
		ops = append(ops, op)
	}
	if keep != nil {
		return g.allocVarFlag(v, ops, keep) // snap_allocvar.go
	}
	return ops, nil
}

// charLeaves returns the character components of ref (of derived type
// ts and rank rank), at any depth, which tapeLeaves leaves out: a step
// may branch on them.
func charLeaves(ref ast.Expr, rank int, ts *sema.Symbol, depth int) ([]tapeLeaf, error) {
	var out []tapeLeaf
	for _, c := range ts.Components {
		if c.Kind != sema.ComponentSym || c.Type == nil || !(c.Type.IsCharacter() || decl.IsDerived(c.Type) && depth < 8) {
			continue
		}
		if decl.IsDerived(c.Type) && !hasChars(c.Type.Derived, depth+1) { // dtype_nested.go
			continue
		}
		if rank > 0 && len(c.Dims) > 0 {
			return nil, notSupported("array component '%s%%%s' of an array of derived type in a snapshot", ts.Name, c.Name)
		}
		sub := &ast.SelectorExpr{X: ast.Clone(ref), Sel: ast.NewIdent(c.Name)}
		if decl.IsDerived(c.Type) {
			l, err := charLeaves(sub, rank+len(c.Dims), c.Type.Derived, depth+1)
			if err != nil {
				return nil, err
			}
			out = append(out, l...)
			continue
		}
		if c.Attrs.Has(sema.AttrPointer) || c.Attrs.Has(sema.AttrAllocatable) && rank > 0 {
			return nil, notSupported("ALLOCATABLE or POINTER character component '%s%%%s' in a snapshot", ts.Name, c.Name)
		}
		l := tapeLeaf{ref: sub, rank: rank + len(c.Dims), typ: tape.Char}
		if c.Attrs.Has(sema.AttrAllocatable) {
			l.alloc = c // saved with its allocation (and length): char_alloc.go
		}
		out = append(out, l)
	}
	return out, nil
}

// elementLoops returns element ref(i1, ..., ir) of array ref of rank r
// and the loops over its indices, the first dimension innermost.
func (g *gen) elementLoops(ref ast.Expr, r int) (ast.Expr, []snapLoop) {
	el := &ast.CallExpr{Fun: ast.Clone(ref)}
	var loops []snapLoop
	for k := r; k >= 1; k-- {
		i := g.newIndex()
		loops = append(loops, snapLoop{i: i, lo: deriv.Call("lbound", ast.Clone(ref), deriv.Int(k)), hi: deriv.Call("ubound", ast.Clone(ref), deriv.Int(k))})
		el.Args = append([]ast.Expr{ast.NewIdent(i.Name)}, el.Args...)
	}
	return el, loops
}

// charArrayUnder reports whether a character component of ts is an
// array or lies under one (needLoop's test for the ones it leaves out).
func charArrayUnder(ts *sema.Symbol, depth int) bool {
	for _, c := range ts.Components {
		if c.Kind != sema.ComponentSym || c.Type == nil || depth >= 8 {
			continue
		}
		if c.Type.IsCharacter() && len(c.Dims) > 0 {
			return true
		}
		if decl.IsDerived(c.Type) && (charArrayUnder(c.Type.Derived, depth+1) || len(c.Dims) > 0 && hasChar(c.Type.Derived, depth+1)) {
			return true
		}
	}
	return false
}

// hasChar reports whether ts has a character component, at any depth.
func hasChar(ts *sema.Symbol, depth int) bool {
	for _, c := range ts.Components {
		if c.Kind != sema.ComponentSym || c.Type == nil || depth >= 8 {
			continue
		}
		if c.Type.IsCharacter() || decl.IsDerived(c.Type) && hasChar(c.Type.Derived, depth+1) {
			return true
		}
	}
	return false
}
