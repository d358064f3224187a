package adjoint

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// An ALLOCATABLE component of a flat derived type (col%layers(:), each
// layer's temperature, density and thickness: decl.FlatType) in a
// snapshot. Its save holds the allocation as a real component's does
// (snap_realloc.go), the values being those of each scalar component of
// the elements, col%layers%temp then col%layers%rho..., one array
// reference each (parts), popped in reverse.

// dtypeParts returns the parts of the save of ref, an ALLOCATABLE
// component of flat derived type t: one op per numeric or logical
// component of its elements (character ones are rejected).
func dtypeParts(ref ast.Expr, t *sema.Type, what string) ([]snapPart, error) {
	var parts []snapPart
	for _, c := range t.Derived.Components {
		if c.Kind != sema.ComponentSym || c.Type == nil || c.Attrs.Has(sema.AttrAllocatable) {
			continue // (a layered type's: snap_alloc_layers.go)
		}
		sub := &ast.SelectorExpr{X: ast.Clone(ref), Sel: ast.NewIdent(c.Name)}
		if typ, _, ok := complexKind(c.Type); ok && len(c.Dims) == 0 { // (its parts: dtype_complex.go)
			parts = append(parts, snapPart{Op: tape.Op{Type: typ, Ref: sub, Count: tape.Size(sub)}, cplx: c.Type})
			continue
		}
		typ, ok := tape.TypeOf(c.Type)
		if !ok || c.Type.IsCharacter() {
			return nil, notSupported("component '%s%%%s' of type %s of an ALLOCATABLE array of derived type in a snapshot of %s", t.Derived.Name, c.Name, c.Type, what)
		}
		parts = append(parts, snapPart{Op: tape.Op{Type: typ, Ref: sub, Count: tape.Size(sub)}})
	}
	return parts, nil
}

// valueStmt returns the save (verb push) or restore (pop or peek) of the
// values of op's allocated array: one call, or one per part (in reverse
// for a restore) in a BLOCK.
func (op snapOp) valueStmt(verb string) ast.Stmt {
	if op.cplx != nil {
		k := tape.SnapPush
		if verb != "push" {
			k = tape.SnapPop
		}
		list, _ := complexValues(op.Ref, op.cplx, op.rank, k, verb == "peek") // alloc_comp_complex.go
		return &ast.BlockConstruct{Body: list, End: ast.EndStmt{Keyword: "block"}}
	}
	if len(op.parts) == 0 {
		return op.bare().call(verb)
	}
	var list []ast.Stmt
	for _, p := range op.parts {
		st := partValues(p, verb) // dtype_complex.go
		if verb == "push" {
			list = append(list, st)
		} else {
			list = append([]ast.Stmt{st}, list...)
		}
	}
	return &ast.BlockConstruct{Body: list, End: ast.EndStmt{Keyword: "block"}}
}

// partsDiscard returns the discards of the values of op's parts, n
// elements each.
func (op snapOp) partsDiscard(n string) string {
	if op.cplx != nil {
		return fmt.Sprintf("call fadj_snap_discard(fadj_snap_%s, 2*%s)\n", op.Type.String(), n)
	}
	var out []string
	for _, p := range op.parts {
		m := n
		if p.cplx != nil {
			m = "2*" + n
		}
		out = append(out, fmt.Sprintf("call fadj_snap_discard(fadj_snap_%s, %s)\n", p.Type.String(), m))
	}
	return strings.Join(out, "")
}

// dtypeSnapOp sets the parts of op, the save of leaf l, if l's component
// is of derived type.
func dtypeSnapOp(op *snapOp, l tapeLeaf, what string) error {
	if typ, _, ok := complexKind(l.alloc.Type); ok && l.alloc.Attrs.Has(sema.AttrAllocatable) {
		op.cplx, op.Type = l.alloc.Type, typ // alloc_comp_complex.go
		return nil
	}
	if !isDerivedLeaf(l) {
		return nil
	}
	parts, err := dtypeParts(l.ref, l.alloc.Type, what)
	if err != nil {
		return err
	}
	if len(parts) == 0 {
		return notSupported("ALLOCATABLE component '%s' of a derived type with ALLOCATABLE components only in a snapshot of %s", exprString(l.ref), what)
	}
	op.parts = parts
	op.Type = parts[0].Type
	return nil
}

// isDerivedLeaf reports whether leaf l is an ALLOCATABLE component of a
// flat derived type.
func isDerivedLeaf(l tapeLeaf) bool {
	return l.alloc != nil && l.alloc.Type != nil && l.alloc.Type.IsDerived() && !l.alloc.Attrs.Has(sema.AttrPointer)
}
