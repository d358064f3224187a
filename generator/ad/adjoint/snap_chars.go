package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/analysis/tbr"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Character variables in the snapshots of checkpointed loops and
// regions (a tag, a scheme name, a file name the step assigns and a
// later step reads): their character codes on the i4 snapshot stack,
// len(s) of them an element: tape operations of Type tape.Char
// (fadj_snap_push_char, fadj_snap_pop_char, and fadj_snap_peek_char for
// a peek; _array forms).

// charSnapOp returns the snapshot save of character variable v, which
// the steps of checkpoint what define or read: a scalar or an array of
// any length.
func (g *gen) charSnapOp(v *sema.Symbol, body []ast.Stmt, what string) (snapOp, error) {
	if v.Attrs.Has(sema.AttrPointer) {
		return snapOp{}, notSupported("pointer character variable '%s' in a snapshot of %s", v.Name, what)
	}
	if v.Attrs.Has(sema.AttrAllocatable) {
		// Its codes under allocated(v), or with its allocation, and its
		// length if deferred, when the steps may change it.
		op, err := g.allocSnapOp(v, body, what) // snap_alloc.go
		if op.realloc && deferredLen(v) {
			op.charLen = true
			_, err = g.local("fadj_snc", intType)
		}
		return op, err
	}
	ref, err := g.wholeRef(v, what)
	if err != nil {
		return snapOp{}, err
	}
	op := snapOp{Op: tape.Op{Type: tape.Char, Ref: ref}}
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

// charCallSaves returns the saves of character reference r around a
// jointly reversed call of callee, on the stack of push (Push or
// SnapPush), and its restores: its codes through the runtime's
// fadj_[snap_]push_char[_array]. The callee's adjoint runs it again, and
// may branch on the value (a mode it reads and sets), so a character
// variable it defines is saved like any other.
func (g *gen) charCallSaves(r tbr.Ref, push tape.Kind, callee string) (pushes, pops []ast.Stmt, err error) {
	ref := r.Expr
	if ref == nil {
		if ref, err = g.wholeRef(r.Var, callee); err != nil {
			return nil, nil, err
		}
	}
	var n ast.Expr
	if g.info.Rank(ref) != 0 || (isIdent(ref) && r.Var.Rank() > 0) {
		for _, d := range r.Var.Dims {
			if d.Kind == sema.AssumedSize && isIdent(ref) {
				return nil, nil, notSupported("assumed-size array '%s' defined by '%s', reversed jointly", r.Var.Name, callee)
			}
		}
		if vectorSubscript(g.info, ref) {
			return nil, nil, notSupported("vector subscript in '%s' in reverse mode", exprString(ref))
		}
		n = tape.Size(ref)
	}
	op := tape.Op{Kind: push, Type: tape.Char, Ref: ref, Count: n}
	pop := op.Inverse()
	pop.Ref = ast.Clone(ref)
	if n != nil {
		pop.Count = ast.Clone(n)
	}
	return []ast.Stmt{tape.Lower(op)}, []ast.Stmt{tape.Lower(pop)}, nil
}

// charPushPop returns the tape push saving character reference x (a
// variable, an element, a substring, a component, a whole array) before
// an assignment overwrites it, and the pop restoring it: the adjoint of
// a call before it may run the callee again, which may branch on it.
func (g *gen) charPushPop(x ast.Expr) (push, pop ast.Stmt) {
	op := tape.Op{Kind: tape.Push, Type: tape.Char, Ref: ast.Clone(x)}
	if g.info.Rank(x) > 0 {
		op.Count = tape.Size(ast.Clone(x))
	}
	inv := op.Inverse()
	inv.Ref = ast.Clone(x)
	if op.Count != nil {
		inv.Count = tape.Size(ast.Clone(x))
	}
	return tape.Lower(op), tape.Lower(inv)
}

// derivedCharSaves returns the saves of the character components of
// derived-type reference r around a call of callee (derived.go's
// records leave them out), on the stack of push, and their restores:
// the callee's adjoint runs it again, and may branch on them.
func (g *gen) derivedCharSaves(r tbr.Ref, push tape.Kind, callee string) (pushes, pops []ast.Stmt, err error) {
	ref, rank := r.Expr, r.Var.Rank()
	if ref != nil {
		rank = g.info.Rank(ref)
	} else if ref, err = g.wholeRef(r.Var, callee); err != nil {
		return nil, nil, err
	}
	t := g.refType(r)
	leaves, err := charLeaves(ref, rank, t.Derived, 0) // snap_types.go
	if err != nil {
		return nil, nil, err
	}
	for _, l := range leaves {
		if l.alloc != nil { // with its allocation and length: char_alloc.go
			p, q, err := g.saveAlloc(l.ref, l.alloc, true, push, false)
			if err != nil {
				return nil, nil, err
			}
			pushes, pops = append(pushes, p...), append(q, pops...)
			continue
		}
		op := snapOp{Op: tape.Op{Type: tape.Char, Ref: l.ref}}
		if l.rank > 0 {
			op.Count = tape.Size(l.ref)
		}
		pushes = append(pushes, op.stmt(push))
		pops = append([]ast.Stmt{op.stmt(push.Inverse())}, pops...)
	}
	return pushes, pops, nil
}
