package adjoint

import (
	"sort"

	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A passive pointer (k => day, its target without derivative) that an
// active statement reads (x = x - k*x**2, or call step(x, k)): the
// backward sweep reads it with the association it has then. That is the
// one of the forward sweep only if nothing associates it anew after: a
// second association, or one in a loop (coef => coef_a; coef => coef_b,
// exchanged each step), would make the adjoint read another target. Such
// a pointer's associations are replayed as those of active pointers are
// (pointer_replay.go: the number of each association pushed, and made
// again in the backward sweep), for the pointer only: it has no adjoint.
// What cannot be replayed (a dummy, an ALLOCATE, a target that is a
// pointer or whose subscripts change, a call that may associate it) is
// rejected.

// passiveReplayed reports whether the associations of passive pointer v
// are replayed: v is associated more than once or in a loop, and read by
// an active statement.
func (g *gen) passiveReplayed(v *sema.Symbol) bool {
	if v == nil || !v.Attrs.Has(sema.AttrPointer) || g.hasAdj(v) {
		return false
	}
	n, inLoop := g.associations(v)
	return (n > 1 || inLoop) && g.readByActive(v) && !g.assocsFirst(v) // model_ptr_first.go
}

// passivePlan returns the replay plan of passive pointer v, associated
// by statement s, or the rejection of s when v's associations cannot be
// replayed.
func (g *gen) passivePlan(s ast.Stmt, v *sema.Symbol) (*replayPlan, error) {
	plan, err := g.replay(v)
	if err != nil {
		return nil, err
	}
	if plan == nil || v.Owner != g.scope || v.Attrs.Has(sema.AttrSave) || g.passedWhole(v, g.pa.Unit.Body) { // (snap_assoc.go)
		return nil, notSupported("passive pointer '%s' associated anew while active statements read its target, in reverse mode "+
			"(fadj replays the associations of a local pointer without SAVE with null() or TARGETs of '%s' or its modules whose subscripts do not change, not passed to a POINTER dummy)",
			v.Name, g.pa.Proc.Name)
	}
	return plan, nil
}

// passiveAssoc reverses pointer assignment s to passive pointer v: the
// forward sweep pushes the number of v's association before s and sets
// it to s's; the backward sweep pops it and associates v again.
func (g *gen) passiveAssoc(s *ast.PointerAssignStmt, v *sema.Symbol) (fwd, bwd []ast.Stmt, err error) {
	if err := g.splitPassiveRead(v); err != nil { // model_ptr_first.go
		return nil, nil, err
	}
	if !g.passiveReplayed(v) {
		return []ast.Stmt{s}, nil, nil
	}
	plan, err := g.passivePlan(s, v)
	if err != nil {
		return nil, nil, err
	}
	push, set, bwd, err := g.replayParts(s, ast.NewIdent(v.Name), v, plan)
	if err != nil {
		return nil, nil, err
	}
	return labelled(s, append(append(push, s), set...)), bwd, nil
}

// passiveNullify returns, for object x of NULLIFY s, the push of the
// number of x's association before s, its setting after s and the
// backward code, when x is a passive pointer whose associations are
// replayed.
func (g *gen) passiveNullify(s *ast.AllocateStmt, x ast.Expr) (push, set, bwd []ast.Stmt, err error) {
	v := g.baseSym(x)
	if s.Keyword != "nullify" || !g.passiveReplayed(v) {
		return nil, nil, nil, nil
	}
	plan, err := g.passivePlan(s, v)
	if err != nil {
		return nil, nil, nil, err
	}
	return g.replayParts(s, ast.NewIdent(v.Name), v, plan)
}

// passiveEntry adds to r's entry the setting of the association numbers
// of the passive pointers and the POINTER components whose associations
// the sweeps replay or snapshot: none yet; the passive pointers are
// nullified (their association status is undefined there, and a
// snapshot tests it). The active pointers' are set by pointerInit.
func (g *gen) passiveEntry(r *routine, err error) error {
	if err != nil {
		return err
	}
	var ptrs []*sema.Symbol
	for v, plan := range g.replays {
		if plan != nil && !g.hasAdj(v) && v.Owner == g.scope && !v.IsDummy() && !v.Attrs.Has(sema.AttrSave) {
			ptrs = append(ptrs, v)
		}
	}
	sort.Slice(ptrs, func(i, j int) bool { return ptrs[i].Name < ptrs[j].Name })
	for _, v := range ptrs {
		r.entry = append(r.entry, nullify(ast.NewIdent(v.Name)),
			&ast.AssignStmt{Lhs: ast.NewIdent(g.replays[v].pid.Name), Rhs: deriv.Int(0)})
		for _, c := range g.replays[v].capVars { // (an advanced one's section: ptr_advance.go)
			r.entry = append(r.entry, &ast.AssignStmt{Lhs: ast.NewIdent(c.Name), Rhs: deriv.Int(0)})
		}
	}
	var keys []string
	for k, plan := range g.compReplays {
		if plan != nil {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		r.entry = append(r.entry, &ast.AssignStmt{Lhs: ast.NewIdent(g.compReplays[k].pid.Name), Rhs: deriv.Int(0)})
	}
	return nil
}

// checkPassiveReassociation rejects call s when it passes whole a
// passive pointer that active statements read to a dummy that may be a
// POINTER: the callee may associate it anew, which the backward sweep
// would not undo.
func (g *gen) checkPassiveReassociation(s *ast.CallStmt) error {
	for _, a := range s.Args {
		id, ok := argValue(a).(*ast.Ident)
		if !ok {
			continue
		}
		v := g.info.ObjectOf(id)
		if v == nil || v.Kind != sema.VarSym || !v.Attrs.Has(sema.AttrPointer) || g.hasAdj(v) {
			continue
		}
		if g.mayReassociate(s, v) && g.readByActive(v) { // (snap_assoc.go)
			return notSupported("passive pointer '%s', which active statements read, passed to a POINTER or unknown dummy of '%s' in reverse mode (the callee may associate it anew)", v.Name, exprString(s.Name))
		}
	}
	return nil
}

// associations counts the statements of the routine that associate v
// (=>, ALLOCATE, DEALLOCATE, NULLIFY) and tells whether one is in a loop.
func (g *gen) associations(v *sema.Symbol) (n int, inLoop bool) {
	isAssoc := func(st ast.Node) bool {
		switch st := st.(type) {
		case *ast.PointerAssignStmt:
			return g.baseSym(st.Lhs) == v
		case *ast.AllocateStmt:
			for _, o := range st.Objects {
				if g.baseSym(o) == v {
					return true
				}
			}
		}
		return false
	}
	for _, st := range g.pa.Unit.Body {
		ast.Inspect(st, func(x ast.Node) bool {
			if isAssoc(x) {
				n++
			}
			if d, ok := x.(*ast.DoConstruct); ok {
				for _, b := range d.Body {
					ast.Inspect(b, func(y ast.Node) bool {
						inLoop = inLoop || isAssoc(y)
						return !inLoop
					})
				}
			}
			return true
		})
	}
	return n, inLoop
}

// readByActive reports whether an active statement references v other
// than by associating it: an assignment or a call, or the header of an
// active construct (which the backward sweep may evaluate again).
func (g *gen) readByActive(v *sema.Symbol) bool {
	found := false
	refs := func(xs ...ast.Node) {
		for _, x := range xs {
			if x == nil {
				continue
			}
			ast.Inspect(x, func(y ast.Node) bool {
				if id, ok := y.(*ast.Ident); ok && g.info.ObjectOf(id) == v {
					found = true
				}
				return !found
			})
		}
	}
	global := v.Owner != g.scope || len(g.pa.Unit.Procs) > 0 // a callee may read it by name
	ast.Inspect(&ast.Unit{Body: g.pa.Unit.Body}, func(x ast.Node) bool {
		st, ok := x.(ast.Stmt)
		if !ok || found || !g.pa.ActiveStmt(st) {
			return !found
		}
		if _, call := st.(*ast.CallStmt); global && (call || stmtExprs(st) != nil && g.callsUser(stmtExprs(st))) {
			found = true
			return false
		}
		switch st := st.(type) {
		case *ast.IfConstruct:
			for _, b := range st.Branches {
				refs(exprNode(b.Cond))
			}
		case *ast.DoConstruct:
			refs(exprNode(st.Start), exprNode(st.Stop), exprNode(st.Step), exprNode(st.While))
		case *ast.SelectCase:
			refs(exprNode(st.Selector))
		case *ast.IfStmt:
			refs(exprNode(st.Cond))
		case *ast.PointerAssignStmt, *ast.AllocateStmt, *ast.BlockConstruct, *ast.AssociateConstruct:
		default:
			refs(st)
			return false
		}
		return true
	})
	return found
}

// stmtExprs returns the right side of assignment st (where a function
// reference would read a global), else nil.
func stmtExprs(st ast.Stmt) ast.Expr {
	if a, ok := st.(*ast.AssignStmt); ok {
		return a.Rhs
	}
	return nil
}

// exprNode returns x as a node, nil when x is nil.
func exprNode(x ast.Expr) ast.Node {
	if x == nil {
		return nil
	}
	return x
}
