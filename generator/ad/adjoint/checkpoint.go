package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/analysis/modref"
	"github.com/fadj-dev/fadj/generator/analysis/tbr"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Checkpointed calls.
//
// A jointly reversed call is a checkpoint: the callee runs plainly in the
// forward sweep and is re-run, recording, by its adjoint foo_b at the
// call's place in the backward sweep. What the call saves comes from the
// TBR analysis (tbr.Checkpoint: the snapshot sets of Dauvergne and
// Hascoët for the call's snapshot option):
//
//	forward:  SnapPush Sbk; SnapPush Snp; call foo(...)
//	backward: SnapPop Snp; Push Req_C; call foo_b(...); Pop Req_C; SnapPop Sbk
//
// Req_C, what foo_b overwrites that the code before the call still needs,
// is saved around foo_b by the caller, whole: it is on the tape only while
// foo_b runs. Only what the callee may define is ever saved, so an actual
// argument it does not define (a constant, a PARAMETER) is never written.
// In store-all mode the call saves everything the callee may define
// (Snp), and the globals again around foo_b.

// checkpointSaves returns what joint call s of the version callee saves:
// the forward sweep's pushes, and the backward sweep's pops before the
// callee's adjoint, pushes before it, pops after it.
func (g *gen) checkpointSaves(s *ast.CallStmt, callee string) (fwd, before, around, after []ast.Stmt, err error) {
	var snp, sbk, reqC []tbr.Ref
	if g.tbr != nil {
		cp := g.tbr.Checkpoint(s)
		if cp == nil {
			return nil, nil, nil, nil, notSupported("call of '%s' without its checkpoint sets (internal error)", callee)
		}
		snp, sbk, reqC = cp.Snp, cp.Sbk, cp.ReqC
	} else {
		snp, reqC = g.storeAllSaves(s)
	}
	// alloc.go: the allocations the call may change, restored before
	// the callee's adjoint and after it.
	snp, sbk = append(snp, g.reallocatedBy(s, snp)...), append(sbk, g.reallocatedBy(s, sbk)...)
	snp, sbk = g.aliasedSaves(s, snp, sbk) // ptr_call.go
	// legacy_reach_refs.go: what the callee reaches of assumed-size arrays.
	snp, sbk, reqC = g.reachRefs(s, snp), g.reachRefs(s, sbk), g.reachRefs(s, reqC)
	// ptr_module.go: the module pointers the call may reach.
	first, last, mBefore, mAfter, refs, err := g.modPtrSaves(s, snp, sbk, reqC)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	snp, sbk, reqC = refs[0], refs[1], refs[2]
	sbkPush, sbkPop, err := g.saves(sbk, tape.SnapPush, callee, true)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	snpPush, snpPop, err := g.saves(snp, tape.SnapPush, callee, false)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	reqPush, reqPop, err := g.saves(reqC, tape.Push, callee, true)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	fwd = append(append(append(first, sbkPush...), snpPush...), last...)
	return fwd, append(mBefore, snpPop...), reqPush, append(append(reqPop, sbkPop...), mAfter...), nil
}

// storeAllSaves returns, for store-all recording, what joint call s
// saves: every variable the callee may define (Snp), and the globals it
// may define again around its adjoint (Req_C).
func (g *gen) storeAllSaves(s *ast.CallStmt) (snp, reqC []tbr.Ref) {
	mc := g.modref().Call(s, g.scope)
	seen := map[*sema.Symbol]bool{}
	for _, a := range mc.Args {
		if !a.Defines || (a.Var.IsDummy() && a.Var.Intent == ast.IntentIn) {
			continue
		}
		if a.Whole {
			if sec := g.callSection(s, a.Expr, a.Var, a.Dummy); sec != nil {
				snp = append(snp, tbr.Ref{Expr: sec, Var: a.Var}) // legacy_sections.go
				continue
			}
			if !seen[a.Var] {
				seen[a.Var] = true
				snp = append(snp, tbr.Ref{Var: a.Var})
			}
			continue
		}
		snp = append(snp, tbr.Ref{Expr: a.Expr, Var: a.Var})
	}
	for _, v := range modref.Set(mc.Globals).Sorted() {
		if mc.Defs[v] && !seen[v] {
			snp = append(snp, tbr.Ref{Var: v})
			reqC = append(reqC, tbr.Ref{Var: v})
		}
	}
	return snp, reqC
}

// modref returns the program's mod/ref information.
func (g *gen) modref() *modref.Result {
	if g.sh.modref == nil {
		g.sh.modref = modref.New(g.info)
	}
	return g.sh.modref
}

// saves returns the pushes (of kind push: Push or SnapPush) saving refs,
// in order, and the pops restoring them, in reverse order. The adjoint of
// an allocatable restored follows its allocation if follow (after the
// callee's adjoint, not before: alloc.go).
func (g *gen) saves(refs []tbr.Ref, push tape.Kind, callee string, follow bool) (pushes, pops []ast.Stmt, err error) {
	for _, r := range refs {
		if r.Expr == nil && !decl.IsAllocatable(r.Var) {
			if p, q, ok, err := g.pointerWholeSaves(r.Var, push, callee); ok || err != nil { // ptr_call.go
				pushes, pops = append(pushes, p...), append(q, pops...)
				if err != nil {
					return nil, nil, err
				}
				continue
			}
		}
		if r.Expr == nil && decl.IsAllocatable(r.Var) {
			f, b, err := g.checkpointAlloc(r.Var, push, callee, follow) // alloc.go
			if err != nil {
				return nil, nil, err
			}
			pushes, pops = append(pushes, f...), append(b, pops...)
			continue
		}
		p, q, derived, err := g.derivedSaves(r, push, callee, follow) // derived.go
		if err != nil {
			return nil, nil, err
		}
		if derived {
			cp, cq, err := g.derivedCharSaves(r, push, callee) // snap_chars.go
			if err != nil {
				return nil, nil, err
			}
			pushes, pops = append(append(pushes, p...), cp...), append(append(cq, q...), pops...)
			continue
		}
		if r.Expr == nil && isGlobal(r.Var) && isCharScalar(r.Var) {
			ref, err := g.wholeRef(r.Var, callee)
			if err != nil {
				return nil, nil, err
			}
			p, q := g.charSaves(ref, push) // char_saves.go
			pushes, pops = append(pushes, p...), append(q, pops...)
			continue
		}
		if p, q, ok, err := g.complexSaves(r, push, callee); ok || err != nil { // complex.go
			if err != nil {
				return nil, nil, err
			}
			pushes, pops = append(pushes, p...), append(q, pops...)
			continue
		}
		if t := g.refType(r); t != nil && t.IsCharacter() {
			p, q, err := g.charCallSaves(r, push, callee) // snap_chars.go
			if err != nil {
				return nil, nil, err
			}
			pushes, pops = append(pushes, p...), append(q, pops...)
			continue
		}
		op, err := g.saveOp(r, callee)
		if err != nil {
			return nil, nil, err
		}
		op.Kind = push
		pushes = append(pushes, tape.Lower(op))
		pops = append([]ast.Stmt{tape.Lower(op.Inverse())}, pops...)
	}
	return pushes, pops, nil
}

// refType returns the type of reference r.
func (g *gen) refType(r tbr.Ref) *sema.Type {
	if r.Expr != nil {
		return g.info.TypeOf(r.Expr)
	}
	return r.Var.Type
}

// saveOp returns the operation saving reference r (its Kind to be set);
// a character one is saved by charCallSaves.
func (g *gen) saveOp(r tbr.Ref, callee string) (tape.Op, error) {
	v := r.Var
	ref := r.Expr
	t := v.Type
	if ref != nil {
		t = g.info.TypeOf(ref)
	}
	typ, ok := tape.TypeOf(t)
	if !ok {
		return tape.Op{}, notSupported("variable '%s' of type %s defined by '%s', reversed jointly: no tape for it", v.Name, t, callee)
	}
	if ref == nil {
		var err error
		if ref, err = g.wholeRef(v, callee); err != nil {
			return tape.Op{}, err
		}
	}
	op := tape.Op{Type: typ, Ref: ref}
	if n := g.seqCount(ref); n != nil {
		op.Count = n // an element and what follows it (legacy_reach.go)
		return op, nil
	}
	if g.info.Rank(ref) != 0 || (isIdent(ref) && v.Rank() > 0) {
		for _, d := range v.Dims {
			if d.Kind == sema.AssumedSize && isIdent(ref) {
				return tape.Op{}, notSupported("assumed-size array '%s' defined by '%s', reversed jointly", v.Name, callee)
			}
		}
		if vectorSubscript(g.info, ref) {
			return tape.Op{}, notSupported("vector subscript in '%s' in reverse mode", exprString(ref))
		}
		op.Count = tape.Size(ref)
	}
	return op, nil
}

// wholeRef is how the routine names variable v, whole: its own name, a
// renamed USE of a module variable, or a member of a copy of a common
// block it does not declare.
func (g *gen) wholeRef(v *sema.Symbol, callee string) (ast.Expr, error) {
	if v.Attrs.Has(sema.AttrAllocatable) || v.Attrs.Has(sema.AttrPointer) {
		return nil, notSupported("allocatable or pointer variable '%s' defined by '%s', reversed jointly", v.Name, callee)
	}
	if g.scope.Lookup(v.Name) == v {
		return ast.NewIdent(v.Name), nil
	}
	if v.Attrs.Has(sema.AttrInCommon) && v.Module() == nil {
		return g.commonRef(v, callee)
	}
	return g.globalRef(v)
}

func isIdent(x ast.Expr) bool {
	_, ok := x.(*ast.Ident)
	return ok
}

// vectorSubscript reports whether array reference x has a subscript that
// is an array.
func vectorSubscript(info *sema.Info, x ast.Expr) bool {
	c, ok := x.(*ast.CallExpr)
	if !ok {
		return false
	}
	for _, a := range c.Args {
		if _, r := a.(*ast.RangeExpr); !r && info.Rank(a) > 0 {
			return true
		}
	}
	return false
}
