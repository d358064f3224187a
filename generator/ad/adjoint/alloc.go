package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/analysis/tbr"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Allocatable variables in reverse mode.
//
// The backward sweep must find each allocatable variable allocated as
// the forward sweep had it at the same point, with the same bounds, and
// its adjoint x_b allocated exactly when x is, with x's bounds (the
// invariant of decl/alloc.go). So every statement that may change an
// allocation is reversed by one restoring it:
//
//   - ALLOCATE(x(...)) (without STAT=: x was not allocated before) is
//     reversed by DEALLOCATE of x and x_b; the values x_b held are the
//     adjoints of values nothing computed;
//   - DEALLOCATE(x), ALLOCATE with STAT= (which may fail) and an
//     intrinsic assignment to the whole of x (which reallocates x when
//     the shapes differ) record x's allocation status and bounds before
//     it (saveAlloc) and, for DEALLOCATE or when the TBR analysis asks
//     for x's value, x's values; the backward sweep reallocates x with
//     the recorded bounds where they differ, restores the values, and
//     makes x_b follow: a newly allocated x_b is zero (the adjoint of a
//     value that was dropped, or overwritten whole);
//   - at the start of the backward sweep x_b is allocated zero where x
//     is allocated (a local's), or aligned with x where the caller owns
//     it (a dummy's, a module variable's: left unallocated by the caller
//     it means a zero adjoint).
//
// A loop that allocates an array keeps its records of it inside (no
// hoisting: the array may not exist before the loop). Pointers are not
// supported yet.

// allocObject returns the variable of ALLOCATE or DEALLOCATE object o
// (x or x(bounds)), and its name in the routine.
func (g *gen) allocObject(o ast.Expr) (*ast.Ident, *sema.Symbol, error) {
	x := o
	if c, ok := o.(*ast.CallExpr); ok {
		x = c.Fun
	}
	id, ok := x.(*ast.Ident)
	var s *sema.Symbol
	if ok {
		s = g.info.ObjectOf(id)
	}
	if s == nil || s.Kind != sema.VarSym {
		return nil, nil, notSupported("allocation of '%s' in reverse mode", exprString(o))
	}
	if s.Attrs.Has(sema.AttrPointer) {
		return nil, nil, notSupported("allocation of POINTER '%s' in reverse mode", s.Name)
	}
	return id, s, nil
}

// allocStmt reverses ALLOCATE or DEALLOCATE s (see above). STAT= and
// ERRMSG= variables are restored too (alloc_stat.go); an active SOURCE=
// is an assignment too (alloc_source.go).
func (g *gen) allocStmt(s *ast.AllocateStmt) (fwd, bwd []ast.Stmt, err error) {
	if s.Keyword != "allocate" && s.Keyword != "deallocate" {
		return nil, nil, notSupported("%s in reverse mode", s.Keyword)
	}
	var stat ast.Expr
	var kept []ast.Expr // STAT= and ERRMSG= variables: alloc_stat.go
	var src ast.Expr    // an active SOURCE=: alloc_source.go
	for _, o := range s.Options {
		switch o.Name.Lower() {
		case "stat":
			stat = o.Value
			kept = append(kept, o.Value)
		case "source":
			if g.pa.ActiveStmt(s) {
				src = o.Value
			}
		case "errmsg":
			kept = append(kept, o.Value)
		}
	}
	if src != nil {
		if len(kept) > 0 {
			return nil, nil, notSupported("ALLOCATE with SOURCE= of an active value and STAT= or ERRMSG= in reverse mode")
		}
		return g.sourceAlloc(s, src)
	}
	var saves, restores, after []ast.Stmt
	for _, o := range s.Objects {
		if x, c := g.allocComponent(o); c != nil { // alloc_comp.go
			f, b, err := g.componentAlloc(s.Keyword, x, c, stat)
			if err != nil {
				return nil, nil, err
			}
			saves, restores = append(saves, f...), append(b, restores...)
			continue
		}
		id, v, err := g.allocObject(o)
		if err != nil {
			return nil, nil, err
		}
		if s.Keyword == "allocate" {
			after = append(after, g.modPtrAllocated(id, v)...) // ptr_module.go
		}
		if s.Keyword == "allocate" && stat == nil {
			restores = append(g.unallocate(id, v), restores...)
			continue
		}
		if s.Keyword == "deallocate" && stat == nil {
			// x is allocated: its bounds and values are all to record.
			f, b, err := g.saveDealloc(id, v)
			if err != nil {
				return nil, nil, err
			}
			np, nq, err := g.modPtrDeallocated(v) // ptr_module.go
			if err != nil {
				return nil, nil, err
			}
			saves, restores = append(append(saves, np...), f...), append(append(b, nq...), restores...)
			continue
		}
		f, b, err := g.saveAlloc(id, v, s.Keyword == "deallocate", tape.Push, true)
		if err != nil {
			return nil, nil, err
		}
		saves = append(saves, f...)
		restores = append(b, restores...)
	}
	push, pop, err := g.keepStatus(kept)
	if err != nil {
		return nil, nil, err
	}
	saves, restores = append(push, saves...), append(restores, pop...)
	return withLabel(s, append(append(saves, s), after...)), restores, nil
}

// unallocate returns the reverse of the allocation of x: its
// deallocation, and its adjoint's.
func (g *gen) unallocate(x *ast.Ident, v *sema.Symbol) []ast.Stmt {
	out := []ast.Stmt{decl.Deallocate(x)}
	if g.hasAdj(v) {
		out = append(out, decl.Deallocate(g.shadow(x, v)))
	}
	return out
}

// shadow returns the adjoint of variable x (named x in the routine).
func (g *gen) shadow(x *ast.Ident, v *sema.Symbol) *ast.Ident {
	if v == g.result && g.result != nil {
		return ast.NewIdent(g.resultB)
	}
	if v.Module() != nil {
		// Its adjoint module's variable, as the routine uses it (x
		// may be a renamed USE of v, which the adjoint's is not).
		return ast.NewIdent(decl.ReachName(g.scope, g.pa.Unit.Decls, v, g.suffix) + g.suffix)
	}
	return ast.NewIdent(x.Name + g.suffix)
}

// saveAlloc returns the records of the allocation of x before a
// statement that may change it, and their restoration after the
// statement's adjoint (values too if values), on the stack of push
// (Push: the tape, SnapPush: the snapshot stack), the adjoint following
// if follow:
//
//	if (allocated(x)) then                 pop(fadj_alloc)
//	  push(x, size(x))                     if (fadj_alloc) then
//	  push(lbound(x)); push(ubound(x))       pop(fadj_hi); pop(fadj_lo)
//	end if                                   <x reallocated with them if other>
//	push(allocated(x))                       pop(x, size(x))
//	                                       else if (allocated(x)) then
//	                                         deallocate(x)
//	                                       end if
//	                                       <x_b follows x>
func (g *gen) saveAlloc(x ast.Expr, v *sema.Symbol, values bool, push tape.Kind, follow bool) (fwd, bwd []ast.Stmt, err error) {
	rec, err := g.allocRecords(x, v, push, values)
	if err != nil {
		return nil, nil, err
	}
	allocated := decl.Allocated(x)
	fwd = []ast.Stmt{decl.If(allocated, rec.push...), rec.op(push, tape.L, allocated, nil)}
	then := append([]ast.Stmt{}, rec.popBounds...)
	then = append(then, decl.Realign(x, rec.lo, rec.hi, rec.alloc)...)
	then = append(then, rec.popValues...)
	bwd = []ast.Stmt{rec.op(push.Inverse(), tape.L, rec.flag, nil), decl.IfElse(rec.flag, then, []ast.Stmt{decl.If(allocated, decl.Deallocate(x))})}
	if follow && g.allocAdj(x, v) != nil {
		bwd = append(bwd, g.follow(x, v))
	}
	return decl.Associate(v, fwd...), decl.Associate(v, bwd...), nil // (a POINTER component: ptrcomp.go)
}

// allocRecord holds the records of the allocation of a variable x of
// rank r: the pushes of its values (if asked), deferred length
// (char_alloc.go) and bounds, in this order; the pops of the bounds
// into fadj_lo(1:r) and fadj_hi(1:r) (lo, hi; nil for a scalar) and of
// the length, the allocation with them, the pop of the values; flag is
// the local the status is popped into.
type allocRecord struct {
	push, popBounds, popValues []ast.Stmt
	alloc                      ast.Stmt
	lo, hi                     ast.Expr
	flag                       *ast.Ident
}

func (allocRecord) op(k tape.Kind, t tape.Type, ref, n ast.Expr) ast.Stmt {
	return tape.Lower(tape.Op{Kind: k, Type: t, Ref: ref, Count: n})
}

// allocRecords returns the records of the allocation of x (variable v)
// on the stack of push (see allocRecord).
func (g *gen) allocRecords(x ast.Expr, v *sema.Symbol, push tape.Kind, values bool) (*allocRecord, error) {
	flag, lo, hi, err := g.allocLocals()
	if err != nil {
		return nil, err
	}
	r := &allocRecord{flag: flag, alloc: &ast.AllocateStmt{Keyword: "allocate", Objects: []ast.Expr{x}}}
	pop := push.Inverse()
	if values && decl.IsDerived(v.Type) { // dtype_alloc.go
		if r.push, r.popValues, err = g.recordDerived(x, v.Rank(), v.Type, push, false); err != nil {
			return nil, err
		}
	} else if values && r.complexRecords(x, v, push) { // alloc_comp_complex.go
	} else if values {
		typ, ok := tape.TypeOf(v.Type)
		if v.Type != nil && v.Type.IsCharacter() {
			typ, ok = tape.Char, true // its codes: char_alloc.go
		}
		if !ok {
			return nil, notSupported("allocatable '%s' of type %s deallocated or reallocated in reverse mode (no tape for its values)", v.Name, v.Type)
		}
		var n ast.Expr
		if v.Rank() > 0 {
			n = tape.Size(x)
		}
		r.push, r.popValues = []ast.Stmt{r.op(push, typ, x, n)}, []ast.Stmt{r.op(pop, typ, x, n)}
	}
	if deferredLen(v) { // char_alloc.go
		if err := g.recordLen(r, x, v, push); err != nil {
			return nil, err
		}
	}
	if v.Rank() == 0 {
		return r, nil
	}
	rank := deriv.Int(v.Rank())
	r.push = append(r.push, r.op(push, tape.I4, deriv.Call("lbound", x), rank), r.op(push, tape.I4, deriv.Call("ubound", x), rank))
	r.popBounds = append([]ast.Stmt{r.op(pop, tape.I4, hi, rank), r.op(pop, tape.I4, lo, rank)}, r.popBounds...)
	var shape []ast.Expr
	for d := 1; d <= v.Rank(); d++ {
		shape = append(shape, &ast.RangeExpr{Lo: &ast.CallExpr{Fun: lo, Args: []ast.Expr{deriv.Int(d)}},
			Hi: &ast.CallExpr{Fun: hi, Args: []ast.Expr{deriv.Int(d)}}})
	}
	r.alloc.(*ast.AllocateStmt).Objects = []ast.Expr{&ast.CallExpr{Fun: x, Args: shape}}
	sec := func(a *ast.Ident) ast.Expr {
		return &ast.CallExpr{Fun: a, Args: []ast.Expr{&ast.RangeExpr{Lo: deriv.Int(1), Hi: rank}}}
	}
	r.lo, r.hi = sec(lo), sec(hi)
	return r, nil
}

// follow returns the statements making the adjoint of x follow x's
// allocation: reallocated zero if x's bounds changed, deallocated if x
// is not allocated.
func (g *gen) follow(x ast.Expr, v *sema.Symbol) ast.Stmt {
	xb := g.allocAdj(x, v)
	x = ast.Clone(x)
	zero := &ast.AssignStmt{Lhs: xb, Rhs: deriv.Const("0", v.Type)}
	st := decl.Associate(v, decl.FollowLike(x, xb, v.Rank(), v.Type, g.zeroFor(zero, v), false))[0]
	if _, comp := x.(*ast.SelectorExpr); !comp {
		return st
	}
	if inner := decl.FollowElements(x, xb, v, false, g.newIndex); len(inner) > 0 { // (a layered type: decl/derived_layers.go)
		return &ast.BlockConstruct{Body: append([]ast.Stmt{st}, inner...), End: ast.EndStmt{Keyword: "block"}}
	}
	return st
}

// allocLocals declares (once) the locals the restoration of an
// allocation pops into: its status, and its lower and upper bounds (up
// to rank 15).
func (g *gen) allocLocals() (flag, lo, hi *ast.Ident, err error) {
	names := []string{"fadj_alloc", "fadj_lo", "fadj_hi"}
	for i, name := range names {
		if g.declared[name] {
			continue
		}
		if g.scope.LookupLocal(name) != nil {
			return nil, nil, nil, notSupported("generated name '%s' clashes with a name of '%s'", name, g.pa.Proc.Name)
		}
		g.declared[name] = true
		e := &ast.Entity{Name: ast.NewIdent(name)}
		ts := &ast.TypeSpec{Kind: ast.Integer}
		if i == 0 {
			ts = &ast.TypeSpec{Kind: ast.Logical}
		} else {
			e.Dims = []*ast.Dim{{Hi: deriv.Int(15)}}
		}
		g.decls = append(g.decls, &ast.TypeDecl{Type: ts, DColon: true, Entities: []*ast.Entity{e}})
	}
	return ast.NewIdent(names[0]), ast.NewIdent(names[1]), ast.NewIdent(names[2]), nil
}

// wholeAllocatable returns the allocatable array an assignment to lhs
// may reallocate (lhs is the whole of it), or nil.
func (g *gen) wholeAllocatable(lhs ast.Expr) *sema.Symbol {
	id, ok := lhs.(*ast.Ident)
	if !ok {
		return nil
	}
	if s := g.info.ObjectOf(id); decl.IsAllocatable(s) {
		return s
	}
	return nil
}

// allocAssign reverses assignment s to the whole of allocatable array
// v, which may reallocate it: its allocation (and its value if the TBR
// analysis asks) is recorded before, restored after the adjoint. The
// assignment always runs in the forward sweep: the allocation it makes
// is part of the state the backward sweep restores.
//
// When the right side reads v, its partials need v's old values, and
// its increments go to the adjoint of v's old shape: the adjoint takes
// v_b (of the new shape) into a temporary and zeroes it, then v and v_b
// are restored to the old allocation, then the increments run. (An
// adjoint of another form, y = y + e, keeps v's shape: there the
// backward sweep stops with an error if the shape changed.)
func (g *gen) allocAssign(s *ast.AssignStmt, v *sema.Symbol) (fwd, bwd []ast.Stmt, err error) {
	if g.info.Assignments[s] != nil {
		return nil, nil, notSupported("defined assignment in reverse mode")
	}
	if decl.IsDerived(v.Type) && g.references(s.Rhs, v) { // dtype_alloc.go
		return nil, nil, notSupported("assignment to the whole of ALLOCATABLE derived-type variable '%s' reading it in reverse mode", v.Name)
	}
	x := s.Lhs.(*ast.Ident)
	save, restore, err := g.saveAlloc(x, v, g.records(s, s.Lhs), tape.Push, false)
	if err != nil {
		return nil, nil, err
	}
	if p := g.mergePush(s); p != nil { // dtype_merge.go
		save = append(save, p)
	}
	fwd = withLabel(s, append(save, s))
	if !g.hasAdj(v) {
		return fwd, restore, nil
	}
	restore = append(restore, g.follow(x, v))
	var adj []ast.Stmt
	if decl.IsDerived(v.Type) {
		adj, err = g.derivedAssignAdjoint(s) // derived.go
	} else {
		adj, err = g.assignAdjoint(s, v)
	}
	if err != nil {
		return nil, nil, err
	}
	if !g.references(s.Rhs, v) {
		return fwd, append(g.backRef(s, adj), restore...), nil
	}
	if n := seeded(adj, g.shadow(x, v)); n > 0 {
		out := append(append(append([]ast.Stmt{}, adj[:n]...), restore...), adj[n:]...)
		return fwd, g.backRef(s, out), nil
	}
	guard := g.reallocGuard(s, x, g.shadow(x, v), v.Name) // alloc_comp.go
	return fwd, append(append(restore[:len(restore)-1], guard), g.backRef(s, adj)...), nil
}

// seeded returns 2 if adj starts tmp = xb; xb = 0 (the adjoint of an
// assignment to x reading x: the seed moved into a temporary), else 0.
func seeded(adj []ast.Stmt, xb ast.Expr) int {
	if len(adj) < 2 {
		return 0
	}
	a, ok1 := adj[0].(*ast.AssignStmt)
	z, ok2 := adj[1].(*ast.AssignStmt)
	if !ok1 || !ok2 || !ast.Equal(a.Rhs, xb) || !ast.Equal(z.Lhs, xb) {
		return 0
	}
	if _, lit := z.Rhs.(*ast.BasicLit); !lit {
		return 0
	}
	return 2
}

// reallocatedIn reports whether statements list may change the
// allocation of array a (an ALLOCATE, DEALLOCATE, or assignment to the
// whole of it): its records in a loop stay in the loop.
func (g *gen) reallocatedIn(list []ast.Stmt, a *sema.Symbol) bool {
	if !decl.IsAllocatable(a) {
		return false
	}
	found := false
	walkStmts(list, func(st ast.Stmt) {
		switch st := st.(type) {
		case *ast.AllocateStmt:
			for _, o := range st.Objects {
				if _, v, _ := g.allocObject(o); v == a {
					found = true
				}
			}
		case *ast.AssignStmt:
			found = found || g.wholeAllocatable(st.Lhs) == a
		case *ast.CallStmt:
			found = true // a callee may reallocate it
		}
	})
	return found
}

// allocAdjInit adds to the start of the backward sweep the alignment of
// the adjoint of allocatable local or dummy s with s (zero is its
// zeroing), and for an intent(out) dummy in the pattern its
// deallocation at the end (the adjoint of a value on entry the routine
// discards).
func (g *gen) allocAdjInit(r *routine, s *sema.Symbol, zero *ast.AssignStmt) {
	x := ast.NewIdent(s.Name)
	owned := s.IsDummy() && inPattern(g.pa, s)
	if !s.IsDummy() {
		// A local's adjoint is not allocated yet.
		r.inits = append(r.inits, decl.If(decl.Allocated(x), decl.AllocateLike(zero.Lhs, x, s.Type, s.Rank()), g.zeroFor(zero, s))) // alloc_mold.go
		return
	}
	r.inits = append(r.inits, decl.FollowLike(x, zero.Lhs, s.Rank(), s.Type, g.zeroFor(zero, s), !owned))
	if owned && s.Intent == ast.IntentOut {
		r.finals = append(r.finals, decl.If(decl.Allocated(zero.Lhs), decl.Deallocate(zero.Lhs)))
	}
}

// saveDealloc returns the records of allocated array x before its
// DEALLOCATE (without STAT=), and the restoration: x reallocated with
// its bounds and values, x_b allocated zero (x's values were dropped).
func (g *gen) saveDealloc(x *ast.Ident, v *sema.Symbol) (fwd, bwd []ast.Stmt, err error) {
	rec, err := g.allocRecords(x, v, tape.Push, true)
	if err != nil {
		return nil, nil, err
	}
	// x may be allocated here though the DEALLOCATE left it not: a
	// checkpointed loop after it whose snapshots do not hold x (its
	// steps assign it whole) leaves it as its last restored step had
	// it (kernel ctor_segments).
	bwd = append(append([]ast.Stmt{}, rec.popBounds...), decl.If(decl.Allocated(ast.Clone(x)), decl.Deallocate(ast.Clone(x))), rec.alloc)
	bwd = append(bwd, rec.popValues...)
	if g.hasAdj(v) {
		xb := g.shadow(x, v)
		bwd = append(bwd, decl.If(decl.Allocated(ast.Clone(xb)), decl.Deallocate(ast.Clone(xb))))
		bwd = append(bwd, decl.AllocateLike(xb, x, v.Type, v.Rank()), g.zeroFor(&ast.AssignStmt{Lhs: xb, Rhs: deriv.Const("0", v.Type)}, v))
	}
	re, err := g.reassocDealloc(x) // wrf_dealloc_target.go
	return rec.push, append(bwd, re...), err
}

// checkpointAlloc returns the saving of allocatable v, whole, on the
// stack of push around a joint call of callee, and its restoration:
// its allocation and values. Its adjoint follows if follow: not before
// the callee's adjoint, where it holds the adjoint of v's value after
// the call, which the callee's adjoint reads; after it, where the
// callee's adjoint left it aligned with v's allocation on the callee's
// entry (an intent(out) allocatable dummy was deallocated there).
func (g *gen) checkpointAlloc(v *sema.Symbol, push tape.Kind, callee string, follow bool) (pushes, pops []ast.Stmt, err error) {
	if v.Attrs.Has(sema.AttrPointer) {
		return nil, nil, notSupported("pointer variable '%s' defined by '%s', reversed jointly", v.Name, callee)
	}
	x := g.allocName(v)
	if x == nil {
		return nil, nil, notSupported("allocatable variable '%s' defined by '%s', not visible in '%s'", v.Name, callee, g.pa.Proc.Name)
	}
	return g.saveAlloc(x, v, true, push, follow)
}

// reallocatedBy returns the allocatable variables joint call s may
// reallocate (decl.Reallocated) that snp, what the call saves, lacks
// whole. The callee's adjoint re-runs the callee from the allocation it
// had before the call, which the TBR analysis, seeing values only, may
// not restore.
func (g *gen) reallocatedBy(s *ast.CallStmt, snp []tbr.Ref) []tbr.Ref {
	has := map[*sema.Symbol]bool{}
	for _, r := range snp {
		if r.Expr == nil {
			has[r.Var] = true
		}
	}
	var out []tbr.Ref
	for _, v := range decl.Reallocated(g.info, s, g.modref().Call(s, g.scope)) {
		if !has[v] {
			out = append(out, tbr.Ref{Var: v})
		}
	}
	return out
}

// passiveAllocCall reverses CALL s of a procedure without a derivative
// version (passiveCall) that may reallocate allocatables: their
// allocations and values are recorded before it and restored after,
// the adjoints following.
func (g *gen) passiveAllocCall(s *ast.CallStmt) (fwd, bwd []ast.Stmt, err error) {
	var saves, restores []ast.Stmt
	for _, v := range decl.Reallocated(g.info, s, g.modref().Call(s, g.scope)) {
		f, b, err := g.checkpointAlloc(v, tape.Push, exprString(s.Name), true)
		if err != nil {
			return nil, nil, err
		}
		saves, restores = append(saves, f...), append(b, restores...)
	}
	mp, mq, err := g.modPtrPassive(s) // ptr_module.go
	if err != nil {
		return nil, nil, err
	}
	saves, restores = append(saves, mp...), append(mq, restores...)
	fwd, bwd, err = g.passiveCall(s)
	if err != nil || len(saves) == 0 {
		return fwd, bwd, err
	}
	return append(saves, fwd...), append(bwd, restores...), nil
}

// moveAlloc reverses CALL MOVE_ALLOC(from, to), each a variable or a
// component (call move_alloc(tmp, s%u), how a model grows its state's
// arrays): the allocations and values of both are recorded before it;
// the backward sweep moves the allocation back (call move_alloc(to,
// from)) with the adjoint, then restores from's values and to. An adjoint
// with no counterpart starts at zero (from's when to has none) or is
// dropped (to's when from has none).
func (g *gen) moveAlloc(s *ast.CallStmt) (fwd, bwd []ast.Stmt, err error) {
	from, to, ok := decl.MoveAllocArgs(g.info, s)
	if !ok {
		return nil, nil, notSupported("MOVE_ALLOC of other than whole variables and components in reverse mode")
	}
	fv, fb, err := g.moveArg(from)
	if err != nil {
		return nil, nil, err
	}
	tv, tb, err := g.moveArg(to)
	if err != nil {
		return nil, nil, err
	}
	save, restore, err := g.saveAlloc(ast.Clone(to), tv, true, tape.Push, true)
	if err != nil {
		return nil, nil, err
	}
	// FROM's values too: after the move they are TO's, which the code
	// after may overwrite unrecorded (the TBR analysis sees two
	// variables), and they come back into FROM.
	saveFrom, restoreFrom, err := g.saveAlloc(ast.Clone(from), fv, true, tape.Push, false)
	if err != nil {
		return nil, nil, err
	}
	save, restore = append(save, saveFrom...), append(restoreFrom, restore...)
	back := []ast.Stmt{call("move_alloc", ast.Clone(to), ast.Clone(from))}
	switch {
	case fb != nil && tb != nil:
		back = append(back, call("move_alloc", tb, fb))
	case fb != nil:
		back = append(back, g.follow(ast.Clone(from), fv))
	case tb != nil:
		back = append(back, decl.If(decl.Allocated(tb), decl.Deallocate(ast.Clone(tb))))
	}
	return withLabel(s, append(save, s)), append(back, restore...), nil
}

// moveArg returns the symbol of MOVE_ALLOC argument x (an allocatable
// variable, or the ALLOCATABLE component of a scalar variable) and its
// adjoint, nil if it has none.
func (g *gen) moveArg(x ast.Expr) (*sema.Symbol, ast.Expr, error) {
	if id, ok := x.(*ast.Ident); ok {
		v := g.info.ObjectOf(id)
		if !decl.IsAllocatable(v) {
			return nil, nil, notSupported("MOVE_ALLOC of other than allocatable variables and components in reverse mode")
		}
		if g.hasAdj(v) {
			return v, g.shadow(id, v), nil
		}
		return v, nil, nil
	}
	sel, c := g.allocComponent(x) // alloc_comp.go
	if c == nil || sel != x {
		return nil, nil, notSupported("MOVE_ALLOC of '%s', not an allocatable variable or component, in reverse mode", exprString(x))
	}
	if err := g.checkComponentBase(sel); err != nil {
		return nil, nil, err
	}
	return c, g.allocAdj(sel, c), nil
}

// allocName returns the name of allocatable variable v in the routine
// (a renamed USE of a module variable, if need be), nil if none.
func (g *gen) allocName(v *sema.Symbol) *ast.Ident {
	if g.scope.Lookup(v.Name) == v {
		return ast.NewIdent(v.Name)
	}
	ref, err := g.globalRef(v)
	if err != nil {
		return nil
	}
	x, _ := ref.(*ast.Ident)
	return x
}

// reallocatedArg reports whether actual argument a of CALL s is an
// allocatable the call may reallocate (decl.Reallocated): its
// allocation and values are saved whole (passiveAllocCall).
func (g *gen) reallocatedArg(s *ast.CallStmt, a ast.Expr) bool {
	id, ok := a.(*ast.Ident)
	if !ok {
		return false
	}
	v := g.info.ObjectOf(id)
	for _, w := range decl.Reallocated(g.info, s, g.modref().Call(s, g.scope)) {
		if w == v {
			return true
		}
	}
	return false
}

// globalAlloc returns the name of allocatable module variable s in the
// routine, for the alignment of its adjoint on entry: its own, or a
// renamed USE of it where the routine does not see it (it reaches it
// through callees) or has a variable of its name or of its adjoint's
// (alloc_clash.go).
func (g *gen) globalAlloc(r *routine, s *sema.Symbol) (*ast.Ident, error) {
	name := decl.LocalName(r.u.Decls, s)
	if g.scope.Lookup(strings.ToLower(name)) == s && g.scope.Lookup(strings.ToLower(name+g.suffix)) == nil {
		return ast.NewIdent(name), nil
	}
	if x := g.allocName(s); x != nil {
		return x, nil
	}
	return nil, notSupported("allocatable module variable '%s' of '%s' not accessible in '%s'", s.Name, s.Module().Name, g.pa.Proc.Name)
}
