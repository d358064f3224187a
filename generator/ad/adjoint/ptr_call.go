package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/analysis/modref"
	"github.com/fadj-dev/fadj/generator/analysis/tbr"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Calls passing pointers and targets (in a routine with active pointers).
//
// `call step(p)` with p => u, or `call step(u)` with u a TARGET that a
// pointer may alias: the callee's adjoint receives p_b, which the
// backward sweep associates at the call as the forward sweep had it
// (pointer.go), so that step_b's increments go to u_b. What the call
// saves is computed by the TBR analysis by name, blind to the aliasing:
// the call may define u through p while the code before it reads u, or
// the other way. So such a call also saves, whole and before it, every
// pointer or target with an adjoint it may define (through the pointer:
// the storage it designates at the call), restores them before the
// callee's adjoint (its inputs) and again after it (Sbk: what the code
// before the call reads, under any name). Its forward run is never left
// out (live_calls.go). A split call records such an argument before
// foo_fwd and restores it after foo_bwd (aliasedSplitArg). Still rejected:
// such a call of a procedure without a derivative version, and a
// pointer passed to a POINTER dummy (the callee may change the
// association, which the saves follow blindly).

// checkAliasedCall rejects, in a routine with active pointers, a call
// passing a pointer or a target with an adjoint that aliasedSaves cannot
// handle.
func (g *gen) checkAliasedCall(s *ast.CallStmt) error {
	if err := g.checkPassiveReassociation(s); err != nil { // pointer_passive.go
		return err
	}
	if !g.hasActivePointers() {
		return nil
	}
	mc := g.modref().Call(s, g.scope)
	for _, a := range s.Args {
		if kw, ok := a.(*ast.KeywordArg); ok {
			a = kw.Value
		}
		v := g.baseSym(a)
		if !aliasable(v) || !g.hasAdj(v) {
			continue
		}
		switch {
		case g.pa.CallPattern(s) == nil:
			return notSupported("'%s', which an active pointer may alias, passed to '%s', which has no derivative version, in reverse mode", exprString(a), exprString(s.Name))
		}
		if d := argDummy(mc, a); d == nil || d.Attrs.Has(sema.AttrPointer) || d.Attrs.Has(sema.AttrAllocatable) {
			return notSupported("'%s', which an active pointer may alias, passed to a POINTER or unknown dummy of '%s' in reverse mode", exprString(a), exprString(s.Name))
		}
	}
	return nil
}

// aliasedSplitArg reports whether actual argument a of a split call, in
// a routine with active pointers, is a pointer or target with an adjoint
// the callee may define: its record does not follow the TBR analysis,
// which is blind to the other names of its storage (the code before the
// call may read u while the call defines it through p). It is recorded
// before foo_fwd and restored after foo_bwd, as joint calls save it whole
// (aliasedSaves).
func (g *gen) aliasedSplitArg(a ast.Expr, mayDefine bool) bool {
	v := g.baseSym(a)
	return mayDefine && g.hasActivePointers() && aliasable(v) && g.hasAdj(v)
}

// argDummy returns the dummy of actual argument a of the call mc
// describes, nil if unknown or a is not a variable.
func argDummy(mc *modref.Call, a ast.Expr) *sema.Symbol {
	for _, x := range mc.Args {
		if x.Expr == a {
			return x.Dummy
		}
	}
	return nil
}

// aliasedSaves returns snp and sbk, what TBR has joint call s save, with
// every pointer or target with an adjoint that the call may define,
// whole (see the top of this file).
func (g *gen) aliasedSaves(s *ast.CallStmt, snp, sbk []tbr.Ref) ([]tbr.Ref, []tbr.Ref) {
	if !g.hasActivePointers() {
		return snp, sbk
	}
	var extra []tbr.Ref
	mc := g.modref().Call(s, g.scope)
	for _, a := range mc.Args {
		if a.Defines && aliasable(a.Var) && g.hasAdj(a.Var) && g.scope.Lookup(a.Var.Name) == a.Var {
			extra = append(extra, tbr.Ref{Var: a.Var})
		}
	}
	if len(extra) == 0 {
		return snp, sbk
	}
	return mergeWhole(snp, extra), mergeWhole(sbk, extra)
}

// mergeWhole returns refs without its references to the variables of
// whole, followed by whole (each once).
func mergeWhole(refs, whole []tbr.Ref) []tbr.Ref {
	drop := map[*sema.Symbol]bool{}
	for _, w := range whole {
		drop[w.Var] = true
	}
	var out []tbr.Ref
	for _, r := range refs {
		if !drop[r.Var] {
			out = append(out, r)
		}
	}
	for _, w := range whole {
		if drop[w.Var] {
			out = append(out, w)
			drop[w.Var] = false
		}
	}
	return out
}

// pointerWholeSaves returns the saves (of kind push) of the values
// pointer v designates, whole, and their restorations; false if v is not
// a pointer. A complex pointer's parts go on the real tape of its kind.
func (g *gen) pointerWholeSaves(v *sema.Symbol, push tape.Kind, callee string) (pushes, pops []ast.Stmt, ok bool, err error) {
	if !v.Attrs.Has(sema.AttrPointer) || v.Kind != sema.VarSym {
		return nil, nil, false, nil
	}
	if g.scope.Lookup(v.Name) != v {
		return nil, nil, true, notSupported("pointer variable '%s' defined by '%s', not accessible by its name in '%s'", v.Name, callee, g.pa.Proc.Name)
	}
	if decl.IsDerived(v.Type) { // dtype_pointer.go: the target's components
		pushes, pops, err = g.recordDerived(ast.NewIdent(v.Name), v.Rank(), v.Type, push, false)
		return pushes, pops, true, err
	}
	t, parts := v.Type, []string{""}
	if t != nil && t.IsComplex() {
		t, parts = sema.BasicType(sema.RealType, t.Kind), []string{"re", "im"}
	}
	typ, tok := tape.TypeOf(t)
	if !tok {
		return nil, nil, true, notSupported("variable '%s' of type %s defined by '%s', reversed jointly: no tape for it", v.Name, v.Type, callee)
	}
	for _, part := range parts {
		var ref ast.Expr = ast.NewIdent(v.Name)
		if part != "" {
			ref = &ast.SelectorExpr{X: ref, Sel: ast.NewIdent(part)}
		}
		op := tape.Op{Kind: push, Type: typ, Ref: ref}
		if v.Rank() > 0 {
			op.Count = deriv.Call("size", ast.NewIdent(v.Name))
		}
		pushes = append(pushes, tape.Lower(op))
		pops = append([]ast.Stmt{tape.Lower(op.Inverse())}, pops...)
	}
	return pushes, pops, true, nil
}
