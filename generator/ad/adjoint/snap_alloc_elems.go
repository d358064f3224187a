package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// ALLOCATABLE components of an array of derived types, or of an
// allocatable derived-type variable, in a snapshot.
//
// The save of each element's component holds its allocation as a
// scalar's does (snap_realloc.go: values, bounds, then the flag), in the
// element loops of the array (snap_types.go: run forward to take the
// snapshot, backward to restore, read or release it), under the guard
// allocated(v) of an allocatable variable, whose allocation the steps
// keep (keepsAllocation). Each element's flag and bounds then lie on
// the i4 stack above its values, and a release run backward over the
// elements finds them on top.

// wrappedList returns list inside op's loops (forward for a push,
// backward else) and inside IF (guard) if op has one, as guarded does
// for one statement.
func (op snapOp) wrappedList(list []ast.Stmt, push bool) []ast.Stmt {
	for k := len(op.loops) - 1; k >= 0; k-- {
		l := op.loops[k]
		do := &ast.DoConstruct{Var: ast.NewIdent(l.i.Name), Start: ast.Clone(l.lo), Stop: ast.Clone(l.hi), Body: list, End: ast.EndStmt{Keyword: "do"}}
		if !push {
			do.Start, do.Stop, do.Step = ast.Clone(l.hi), ast.Clone(l.lo), deriv.Int(-1)
		}
		list = []ast.Stmt{do}
	}
	if op.guard == nil {
		return list
	}
	return []ast.Stmt{decl.If(ast.Clone(op.guard), list...)}
}

// bare returns op without its loops and guard: the save of one element.
func (op snapOp) bare() snapOp {
	op.loops, op.guard = nil, nil
	return op
}

// allocComps reports whether ts has an ALLOCATABLE real component (one
// tapeLeaves holds with its allocation in an element): an array of ts
// is then saved element by element.
func allocComps(ts *sema.Symbol) bool {
	for _, c := range ts.Components {
		if c.Kind == sema.ComponentSym && c.Type != nil && c.Type.IsReal() && c.Attrs.Has(sema.AttrAllocatable) {
			return true
		}
	}
	return false
}
