package adjoint

import (
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// snapOp is one save of a checkpointed loop's or region's snapshot: a
// tape operation (its Kind set when lowered; of Type tape.Char for a
// character variable, whose codes go on the i4 snapshot stack). A save with a guard (allocated(w): snap_alloc.go) runs
// only when the guard holds, the same when it is taken and restored.
type snapOp struct {
	tape.Op
	guard ast.Expr
	// loops, outermost first, run the save over the elements of an
	// array of derived type (Ref names one element): forward to push,
	// backward to pop or peek, so that the values come off in reverse.
	loops []snapLoop
	// realloc: the save holds the allocation of allocatable Ref, of
	// rank rank, too (snap_realloc.go).
	realloc bool
	rank    int
	// comp: the component Ref names when it is a POINTER one, owned
	// as an ALLOCATABLE one is (snap_ptrcomp.go).
	comp *sema.Symbol
	// charLen: Ref is a character of deferred length, which a save of
	// its allocation holds too (snap_chars.go).
	charLen bool
	// assoc: the save holds the association of pointer Ref's
	// (snap_assoc.go); Ref is its number.
	assoc *assocSave
	// syncOnly: an assoc save that only syncs the number and the
	// adjoint with the association where it is pushed (assocSyncOps).
	syncOnly bool
	// flagOf: the save is the allocation flag of allocatable scalar
	// flagOf, released into flagVar; dropGuard, when set, replaces
	// guard in a release (snap_allocvar.go).
	flagOf, flagVar string
	dropGuard       ast.Expr
	// dropLoops, when set, replace loops in a release; keepBounds names
	// the locals a release keeps its flag and bounds in
	// (snap_alloc_layers.go).
	dropLoops  []snapLoop
	keepBounds string
	// parts: the values of an ALLOCATABLE component of derived type,
	// one array reference per component (snap_alloc_dtype.go).
	parts []snapPart
	// cplx: the type of a COMPLEX ALLOCATABLE Ref, whose values are
	// saved as their real and imaginary parts (alloc_comp_complex.go).
	cplx *sema.Type
	// part: Ref is a part of a complex array under a component
	// (dtype_complex.go's partLower).
	part bool
}

// snapLoop is a DO loop of variable i from lo to hi.
type snapLoop struct {
	i      *ast.Ident
	lo, hi ast.Expr
}

// call returns the runtime call of op on the snapshot stacks:
// fadj_snap_<verb>_<T>[_array] with verb push, pop or peek.
func (op snapOp) call(verb string) ast.Stmt {
	k := tape.SnapPush
	if verb != "push" {
		k = tape.SnapPop
	}
	if op.part {
		return op.guarded(op.partLowered(k, verb == "peek"), verb == "push")
	}
	c := op.lower(k)
	if verb == "peek" {
		id := c.Name.(*ast.Ident)
		id.Name = "fadj_snap_peek_" + strings.TrimPrefix(id.Name, "fadj_snap_pop_")
	}
	return op.guarded(c, verb == "push")
}

// stmt returns the runtime call of op of kind k (a push or pop on the
// tape or the snapshot stacks), under its guard.
func (op snapOp) stmt(k tape.Kind) ast.Stmt {
	if op.part {
		return op.guarded(op.partLowered(k, false), k.IsPush())
	}
	return op.guarded(op.lower(k), k.IsPush())
}

// lower returns the runtime call of op of kind k.
func (op snapOp) lower(k tape.Kind) *ast.CallStmt {
	o := op.Op
	o.Kind = k
	o.Ref = ast.Clone(o.Ref)
	if o.Count != nil {
		o.Count = ast.Clone(o.Count)
	}
	return tape.Lower(o)
}

// guarded returns st inside op's loops (forward for a push, backward
// else), inside IF (guard) if op has one.
func (op snapOp) guarded(st ast.Stmt, push bool) ast.Stmt {
	for k := len(op.loops) - 1; k >= 0; k-- {
		l := op.loops[k]
		do := &ast.DoConstruct{Var: ast.NewIdent(l.i.Name), Start: ast.Clone(l.lo), Stop: ast.Clone(l.hi), Body: []ast.Stmt{st}, End: ast.EndStmt{Keyword: "do"}}
		if !push {
			do.Start, do.Stop, do.Step = ast.Clone(l.hi), ast.Clone(l.lo), deriv.Int(-1)
		}
		st = do
	}
	if op.guard == nil {
		return st
	}
	return decl.If(ast.Clone(op.guard), st)
}

// lowered returns ops as statements of kind k, in order, or in reverse
// order for a pop.
func lowered(ops []snapOp, k tape.Kind) []ast.Stmt {
	var out []ast.Stmt
	for _, op := range ordered(ops) {
		switch {
		case op.syncOnly && k.IsPush():
			out = append(out, assocSyncs([]snapOp{op})...)
		case op.syncOnly:
		case op.assoc != nil && k.IsPush():
			out = append(out, op.assocStmts("push")...)
		case op.assoc != nil:
			out = append(op.assocStmts("pop"), out...)
		case op.realloc && k.IsPush():
			out = append(out, op.reallocStmts("push")...)
		case op.realloc:
			out = append(op.reallocStmts("pop"), out...)
		case k.IsPush():
			out = append(out, op.call("push"))
		default:
			out = append([]ast.Stmt{op.call("pop")}, out...)
		}
	}
	return out
}

// peeked returns the restore of the snapshot ops push, read in place
// (the runtime's fadj_snap_peek_<T>): the snapshot stays on the stack,
// and is not copied off it and back.
func peeked(ops []snapOp) []ast.Stmt {
	if len(ops) == 0 {
		return nil
	}
	out := []ast.Stmt{&ast.CallStmt{Name: ast.NewIdent("fadj_snap_peek_start"), Parens: true}}
	ops = ordered(ops)
	for i := len(ops) - 1; i >= 0; i-- {
		if ops[i].realloc {
			out = append(out, ops[i].reallocStmts("peek")...)
			continue
		}
		if ops[i].assoc != nil {
			out = append(out, ops[i].assocStmts("peek")...)
			continue
		}
		out = append(out, ops[i].call("peek"))
	}
	return out
}

// dropped returns the release of the snapshot ops push, whose values
// are not needed: the runtime's fadj_snap_discard of as many values (a
// character variable's: len of them an element).
func dropped(ops []snapOp) []ast.Stmt {
	var out []ast.Stmt
	ops = ordered(ops)
	for i := len(ops) - 1; i >= 0 && ops[i].realloc; i-- {
		// On top of the i4 stack: the flag, then the bounds.
		op := ops[i].forDrop()
		out = append(out, op.wrappedList(parseStmts(op.reallocDrop()), false)...)
	}
	for _, op := range ops {
		if op.realloc {
			continue
		}
		op = op.forDrop()
		n := op.Count
		if n != nil {
			n = ast.Clone(n)
		}
		stack := "fadj_snap_" + op.Type.String()
		if op.Type == tape.Char {
			stack = "fadj_snap_i4"
			l := deriv.Call("len", ast.Clone(op.Ref))
			if n == nil {
				n = l
			} else {
				n = &ast.BinaryExpr{X: l, Op: token.STAR, Y: n}
			}
		}
		if n == nil {
			n = &ast.BasicLit{Kind: token.INT, Value: "1"}
		}
		out = append(out, op.guarded(&ast.CallStmt{Name: ast.NewIdent("fadj_snap_discard"), Parens: true,
			Args: []ast.Expr{ast.NewIdent(stack), n}}, true))
	}
	return out
}

// snapOps returns the saves of variable v in the snapshots of
// checkpoint what, whose steps are body.
func (g *gen) snapOps(v *sema.Symbol, body []ast.Stmt, what string) ([]snapOp, error) {
	if err := g.modPtrSnapshot(v, body, what); err != nil {
		return nil, err // ptr_module.go
	}
	if set := g.modPtrOf(v); set != nil {
		op, err := g.modPtrSnapOp(v, set) // ptr_module_snap.go
		return []snapOp{op}, err
	}
	switch {
	case v.Type != nil && v.Type.IsCharacter():
		op, err := g.charSnapOp(v, body, what) // snap_chars.go
		return []snapOp{op}, err
	case decl.IsDerived(v.Type):
		return g.derivedSnapOps(v, body, what) // snap_types.go
	case v.Attrs.Has(sema.AttrPointer) && v.Type != nil && !decl.IsDerived(v.Type):
		if ops, ok, err := g.advanceSnapOps(v, body, what); ok { // ptr_advance_snap.go
			return ops, err
		}
		op, err := g.pointerSnapOp(v, body, what) // snap_pointer.go
		return []snapOp{op}, err
	case decl.IsAllocatable(v):
		op, err := g.allocSnapOp(v, body, what) // snap_alloc.go
		return []snapOp{op}, err
	}
	op, ok, err := g.wholeOp(v, what)
	if err != nil || !ok {
		return nil, err
	}
	return []snapOp{{Op: op}}, nil
}
